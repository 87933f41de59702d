import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useState } from 'react'
import { Controller, useFieldArray, useForm, type Control, type UseFormRegister } from 'react-hook-form'
import { useRevalidator } from 'react-router'
import type { Side } from '#lib/merge'
import { texts } from '#lib/texts'
import { getApi, isConflict, messageOf, postApi } from '#ui/api.ts'
import { ConflictDialog, type ConflictState } from '../common/ConfirmDialogs.tsx'
import { buttonClass, TextArea, TextInput } from '#ui/editor/fields.tsx'
import { ImageField } from '../common/ImageField.tsx'
import { PlusIcon, TrashIcon } from '../icons.tsx'
import type { LoadedSiteSettings as Loaded } from '../site/site-settings.ts'
// The site-settings form with the consent-gated third-party IDs (analytics, pixel, tag manager).
import {
  generalFormSchema as formSchema,
  generalToSend as settingsToSend,
  generalValuesOf as valuesOf,
  thirdPartyFields,
  thirdPartyLegend,
  type GeneralValues as Values,
} from '~/consent/settings-form'
import { chrome } from '#ui/editor/classes.ts'
import { useCloseGuard } from '../surfaces/close-guard.tsx'
import { PublishBlockedNote, useCurrentUser } from '../team/current-user.tsx'
import { toastError, toastInfo, toastSuccess } from '../toast.ts'
import { siteChangesMessage, siteConflictState } from '../site/site-merge.ts'
import { editorTexts } from '#lib/editor-texts'
import { ALWAYS_BLOCKING, PUBLISH_CHECKS } from '#lib/publish-checks'

const t = editorTexts.siteSettings

/** The General tab of the Site Settings modal (spec 01 §3): sharing defaults (og, twitter) and redirects; Save and Publish. */
export default function GeneralSiteSettings() {
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    getApi('/siteSettings/loadSiteSettings', {}, { signal: controller.signal })
      .then(setLoaded)
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(err))
      })
    return () => controller.abort()
  }, [])
  if (error)
    return (
      <p role="alert" className={chrome.alert}>
        {error}
      </p>
    )
  if (!loaded) return <p>{editorTexts.loading}</p>
  return <SiteSettingsForm loaded={loaded} onStored={setLoaded} />
}

function SiteSettingsForm({ loaded, onStored }: { loaded: Loaded; onStored: (doc: Loaded) => void }) {
  const { revalidate } = useRevalidator()
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null)
  const { mayPublish } = useCurrentUser()
  const publishReasonId = useId()
  const [conflict, setConflict] = useState<(ConflictState & { publish: boolean }) | null>(null)
  const { register, control, handleSubmit, reset, getValues, formState } = useForm<Values>({
    resolver: zodResolver(formSchema),
    defaultValues: valuesOf(loaded),
  })
  const redirects = useFieldArray({ control, name: 'redirects' })
  useCloseGuard(formState.isDirty)

  async function store(values: Values, publish: boolean, options: { force?: boolean; resolutions?: Record<string, Side> } = {}) {
    setBusy(publish ? 'publish' : 'save')
    try {
      const answer = await postApi(publish ? '/siteSettings/publishSiteSettings' : '/siteSettings/saveSiteSettings', {
        // Always with the version and the copy it was loaded at (a colleague's save since is
        // merged field by field); `force` only after the editor chose to overwrite.
        siteSettings: settingsToSend(loaded, values, true),
        base: loaded,
        force: !!options.force,
        ...(options.resolutions ? { resolutions: options.resolutions } : {}),
      })
      const { message, merge, ...doc } = answer
      setConflict(null)
      onStored(doc)
      reset(valuesOf(doc))
      toastSuccess(message || (publish ? texts.toasts.siteSettingsPublished : texts.toasts.siteSettingsSaved))
      const merged = merge && siteChangesMessage(merge.by, merge.changes)
      if (merged) toastInfo(merged)
      void revalidate()
    } catch (err) {
      if (isConflict(err) && !options.force) setConflict({ ...siteConflictState(err.message, err.details), publish })
      else toastError(messageOf(err))
    } finally {
      setBusy(null)
    }
  }

  async function reloadTheirs() {
    try {
      const doc = await getApi('/siteSettings/loadSiteSettings')
      setConflict(null)
      onStored(doc)
      reset(valuesOf(doc))
    } catch (err) {
      toastError(messageOf(err))
    }
  }

  const submit = (publish: boolean) => void handleSubmit((values) => store(values, publish))()

  return (
    <form noValidate onSubmit={(e) => e.preventDefault()} className="flex flex-col gap-6" data-site-settings="">
      <div className="grid gap-6 md:grid-cols-2">
        <SocialFields legend={t.og} prefix="og" register={register} control={control} />
        <SocialFields legend={t.twitter} prefix="twitter" register={register} control={control} />
      </div>

      <fieldset className="flex flex-col gap-3" data-third-parties="">
        <legend className="mb-1 text-sm font-semibold text-neutral-900">{thirdPartyLegend}</legend>
        <div className="grid gap-4 md:grid-cols-3">
          {thirdPartyFields.map((field) => (
            <TextInput
              key={field.name}
              label={field.label}
              hint={field.hint}
              error={formState.errors[field.name]?.message}
              {...register(field.name)}
            />
          ))}
        </div>
      </fieldset>

      <BlockingChecks register={register} />

      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-neutral-900">{t.redirects}</legend>
        {redirects.fields.length ? (
          <table className="w-full border-collapse text-left text-sm" data-redirects="">
            <thead>
              <tr className="text-xs text-neutral-600 uppercase">
                <th scope="col" className="py-1 pr-2 font-semibold">
                  {t.from}
                </th>
                <th scope="col" className="py-1 pr-2 font-semibold">
                  {t.to}
                </th>
                <th scope="col" className="py-1 pr-2 font-semibold">
                  {t.status}
                </th>
                <th scope="col" className="py-1 pr-2 font-semibold">
                  {t.prefix}
                </th>
                <th scope="col" className="py-1 font-semibold">
                  <span className="sr-only">{editorTexts.siteDocs.remove}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {redirects.fields.map((field, i) => {
                const row = t.redirectRow(i + 1)
                const errors = formState.errors.redirects?.[i]
                return (
                  <tr key={field.id} className="align-top">
                    <td className="py-1 pr-2">
                      <input
                        aria-label={`${t.from} (${row})`}
                        placeholder="/old-address"
                        aria-invalid={errors?.from ? true : undefined}
                        className={`${chrome.input} ${chrome.focus} focus-visible:ring-offset-0`}
                        {...register(`redirects.${i}.from`)}
                      />
                      {errors?.from ? <p className={chrome.fieldError}>{errors.from.message}</p> : null}
                    </td>
                    <td className="py-1 pr-2">
                      <input
                        aria-label={`${t.to} (${row})`}
                        placeholder="/new-address"
                        aria-invalid={errors?.to ? true : undefined}
                        className={`${chrome.input} ${chrome.focus} focus-visible:ring-offset-0`}
                        {...register(`redirects.${i}.to`)}
                      />
                      {errors?.to ? <p className={chrome.fieldError}>{errors.to.message}</p> : null}
                    </td>
                    <td className="py-1 pr-2">
                      <select
                        aria-label={`${t.status} (${row})`}
                        className={`${chrome.input} ${chrome.focus} focus-visible:ring-offset-0`}
                        {...register(`redirects.${i}.status`)}
                      >
                        <option value="301">301</option>
                        <option value="302">302</option>
                      </select>
                    </td>
                    <td className="py-1 pr-2 pt-3">
                      <input
                        type="checkbox"
                        aria-label={`${t.prefix} (${row})`}
                        className={`size-4 accent-red ${chrome.focus}`}
                        {...register(`redirects.${i}.prefix`)}
                      />
                    </td>
                    <td className="py-1 text-right">
                      <button
                        type="button"
                        aria-label={t.removeRedirect(i + 1)}
                        title={t.removeRedirect(i + 1)}
                        className={`${buttonClass.secondary} ${buttonClass.small}`}
                        onClick={() => redirects.remove(i)}
                      >
                        <TrashIcon />
                      </button>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-neutral-600">{t.noRedirects}</p>
        )}
        <button
          type="button"
          className={`${buttonClass.secondary} ${buttonClass.small} self-start`}
          onClick={() => redirects.append({ from: '', to: '', status: '301', prefix: false })}
        >
          <PlusIcon />
          {t.addRedirect}
        </button>
      </fieldset>

      <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-200 pt-4">
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={busy !== null}
          aria-busy={busy === 'save'}
          onClick={() => submit(false)}
        >
          {t.save}
        </button>
        <button
          type="button"
          className={buttonClass.primary}
          disabled={busy !== null || !mayPublish}
          aria-describedby={mayPublish ? undefined : publishReasonId}
          aria-busy={busy === 'publish'}
          onClick={() => submit(true)}
        >
          {t.publish}
        </button>
      </div>
      <PublishBlockedNote id={publishReasonId} />
      <ConflictDialog
        conflict={conflict}
        busy={busy !== null}
        onCancel={() => setConflict(null)}
        onReload={() => void reloadTheirs()}
        onOverwrite={() => void store(getValues(), conflict?.publish ?? false, { force: true })}
        onResolve={(resolutions) => void store(getValues(), conflict?.publish ?? false, { resolutions })}
      />
    </form>
  )
}

function SocialFields({
  legend,
  prefix,
  register,
  control,
}: {
  legend: string
  prefix: 'og' | 'twitter'
  register: UseFormRegister<Values>
  control: Control<Values>
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-semibold text-neutral-900">{legend}</legend>
      <TextInput label={`${legend} ${t.title.toLowerCase()}`} {...register(`${prefix}.title`)} />
      <TextArea label={`${legend} ${t.description.toLowerCase()}`} rows={2} {...register(`${prefix}.description`)} />
      <TextInput label={`${legend} ${t.keywords.toLowerCase()}`} {...register(`${prefix}.keywords`)} />
      <Controller
        control={control}
        name={`${prefix}.image.imageId`}
        render={({ field }) => (
          <ImageField label={`${legend} ${t.imageId.toLowerCase()}`} value={field.value ?? ''} onChange={field.onChange} />
        )}
      />
    </fieldset>
  )
}

/** Which checks before publishing block it (issue 34): an admin's choice; others see it read-only. */
function BlockingChecks({ register }: { register: UseFormRegister<Values> }) {
  const { isAdmin } = useCurrentUser()
  const hintId = useId()
  const c = editorTexts.publishChecks
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={hintId} disabled={!isAdmin} data-blocking-checks="">
      <legend className="text-sm font-semibold text-neutral-900">{c.settingsLegend}</legend>
      <p id={hintId} className="text-xs text-neutral-600">
        {c.settingsHint}
      </p>
      <div className="grid gap-1 sm:grid-cols-2">
        {PUBLISH_CHECKS.filter((check) => !ALWAYS_BLOCKING.includes(check)).map((check) => (
          <label key={check} className="flex items-center gap-2 text-sm text-neutral-800">
            <input type="checkbox" value={check} className="size-4 accent-red" {...register('publishChecks')} />
            {c.checks[check].label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
