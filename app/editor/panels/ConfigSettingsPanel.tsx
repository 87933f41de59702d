import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { DomainDoc } from '#lib/content'
import { texts } from '#lib/texts'
import { getApi, messageOf, postApi } from '#ui/api.ts'
import { buttonClass, Checkbox, SelectInput, TextInput, ErrorAlert } from '#ui/editor/fields.tsx'
import { domainLanguagesOf, LOCALES, offeredLocales, SITE_TEXT_LOCALES, type LocaleCode } from '#lib/locales'
import { PlusIcon } from '../icons.tsx'
import { domainFormSchema, domainFormValues, domainToSend, type DomainFormValues } from '../site/domains.ts'
import { chrome } from '#ui/editor/classes.ts'
import { useCloseGuard } from '../surfaces/close-guard.tsx'
import { toastError, toastSuccess } from '../toast.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.config

/** Editors read English: a language's English name, and its own when it differs ('German (Deutsch)'). */
const languageLabel = (code: LocaleCode) =>
  LOCALES[code].englishName === LOCALES[code].name ? LOCALES[code].englishName : `${LOCALES[code].englishName} (${LOCALES[code].name})`

interface Loaded {
  domain: DomainDoc | null
  domains: DomainDoc[]
}

/**
 * The 'Config Settings' modal (spec 01 §3, §4): the domains with their host names; add or edit one,
 * publish or unpublish it, and make one active on this address (the page then reloads, so the
 * navigation and footer come from that domain).
 */
export default function ConfigSettingsPanel() {
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [editing, setEditing] = useState<DomainDoc | 'new' | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    getApi('/config/loadDomain', {}, { signal: controller.signal })
      .then(setLoaded)
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(err))
      })
    return () => controller.abort()
  }, [])

  async function load() {
    try {
      setLoaded(await getApi('/config/loadDomain'))
      setError(null)
    } catch (err) {
      setError(messageOf(err))
    }
  }

  async function act(domain: DomainDoc, action: 'publish' | 'unpublish' | 'activate') {
    setBusy(`${action}:${domain._id}`)
    try {
      if (action === 'activate') {
        await postApi('/config/swapActiveDomain', { domain: { _id: domain._id } })
        toastSuccess(texts.toasts.success)
        // Spec 01 §4: afterwards the navigation and footer come from the new domain.
        window.location.reload()
        return
      }
      await postApi(action === 'publish' ? '/config/publishDomain' : '/config/unpublishDomain', { domain: { _id: domain._id } })
      toastSuccess(texts.toasts.success)
      await load()
    } catch (err) {
      toastError(messageOf(err))
    } finally {
      setBusy(null)
    }
  }

  if (error)
    return (
      <p role="alert" className={chrome.alert}>
        {error}
      </p>
    )
  if (!loaded) return <p>{editorTexts.loading}</p>
  const activeId = loaded.domain?._id

  return (
    <div className="flex flex-col gap-5" data-config-settings="">
      <table className="w-full border-collapse text-left text-sm" data-domains="">
        <caption className="mb-2 text-left text-sm font-semibold text-neutral-900">{t.domains}</caption>
        <thead>
          <tr className="border-b border-neutral-200 text-xs text-neutral-600 uppercase">
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t.name}
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t.hostnames}
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t.published}
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t.active}
            </th>
            <th scope="col" className="py-2 font-semibold">
              {t.actions}
            </th>
          </tr>
        </thead>
        <tbody>
          {loaded.domains.map((d) => (
            <tr key={d._id} className="border-b border-neutral-100 align-top" data-domain={d._id}>
              <th scope="row" className="py-2 pr-3 font-medium">
                {d.name}
                <span className="block text-xs font-normal text-neutral-500">{d._id}</span>
              </th>
              <td className="py-2 pr-3 break-all">
                {d.hostnames.join(', ') || '—'}
                <span className="block text-xs text-neutral-500" data-domain-languages="">
                  {offeredLocales(domainLanguagesOf(d))
                    .map((code) => LOCALES[code].englishName)
                    .join(', ')}
                </span>
              </td>
              <td className="py-2 pr-3">{d.published ? t.yes : t.no}</td>
              <td className="py-2 pr-3">{d._id === activeId ? t.yes : t.no}</td>
              <td className="py-2">
                <div className="flex flex-wrap gap-1">
                  <button
                    type="button"
                    className={`${buttonClass.secondary} ${buttonClass.small}`}
                    aria-label={`${t.edit} ${d.name}`}
                    onClick={() => setEditing(d)}
                  >
                    {t.edit}
                  </button>
                  <button
                    type="button"
                    className={`${buttonClass.secondary} ${buttonClass.small}`}
                    aria-label={`${d.published ? t.unpublish : t.publish} ${d.name}`}
                    disabled={busy !== null}
                    onClick={() => void act(d, d.published ? 'unpublish' : 'publish')}
                  >
                    {d.published ? t.unpublish : t.publish}
                  </button>
                  <button
                    type="button"
                    className={`${buttonClass.secondary} ${buttonClass.small}`}
                    aria-label={`${t.makeActive}: ${d.name}`}
                    disabled={busy !== null || d._id === activeId}
                    onClick={() => void act(d, 'activate')}
                  >
                    {t.makeActive}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-neutral-600">{t.makeActiveHint}</p>

      {editing ? (
        <DomainForm
          key={editing === 'new' ? 'new' : editing._id}
          domain={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null)
            await load()
          }}
        />
      ) : (
        <button type="button" className={`${buttonClass.secondary} self-start`} onClick={() => setEditing('new')}>
          <PlusIcon />
          {t.addDomain}
        </button>
      )}
    </div>
  )
}

function DomainForm({ domain, onCancel, onSaved }: { domain: DomainDoc | null; onCancel: () => void; onSaved: () => Promise<void> }) {
  const [serverError, setServerError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<DomainFormValues>({ resolver: zodResolver(domainFormSchema), defaultValues: domainFormValues(domain) })
  const defaultLanguage = useWatch({ control, name: 'defaultLanguage' })
  useCloseGuard(isDirty)

  const submit = handleSubmit(async (values) => {
    setServerError(null)
    try {
      await postApi('/config/saveDomain', { domain: domainToSend(values, domain) })
      toastSuccess(texts.toasts.success)
      await onSaved()
    } catch (err) {
      setServerError(messageOf(err))
    }
  })

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-3 rounded-md border border-neutral-200 p-4"
      aria-label={domain ? t.editDomain(domain.name) : t.addDomain}
    >
      <h3 className="font-sans text-sm font-semibold text-neutral-900">{domain ? t.editDomain(domain.name) : t.addDomain}</h3>
      <div className="grid gap-3 md:grid-cols-2">
        <TextInput label={t.id} readOnly={!!domain} spellCheck={false} error={errors._id?.message} {...register('_id')} />
        <TextInput label={t.name} error={errors.name?.message} {...register('name')} />
      </div>
      <TextInput
        label={t.hostnames}
        hint={t.hostnamesHint}
        spellCheck={false}
        error={errors.hostnames?.message}
        {...register('hostnames')}
      />
      <SelectInput
        label={t.defaultLanguage}
        hint={t.defaultLanguageHint}
        options={SITE_TEXT_LOCALES.map((code) => ({ value: code, label: languageLabel(code) }))}
        {...register('defaultLanguage')}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-neutral-800">{t.otherLanguages}</legend>
        <p className="text-xs text-neutral-600">{t.otherLanguagesHint}</p>
        {SITE_TEXT_LOCALES.map((code) => (
          <Checkbox
            key={code}
            label={languageLabel(code)}
            value={code}
            disabled={code === defaultLanguage}
            {...register('otherLanguages')}
          />
        ))}
      </fieldset>
      <ErrorAlert message={serverError} />
      <div className="flex justify-end gap-2">
        <button type="button" className={buttonClass.secondary} onClick={onCancel}>
          {editorTexts.cancel}
        </button>
        <button type="submit" className={buttonClass.primary} disabled={isSubmitting} aria-busy={isSubmitting}>
          {t.saveDomain}
        </button>
      </div>
    </form>
  )
}
