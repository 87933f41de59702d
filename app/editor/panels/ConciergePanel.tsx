import { useEffect, useState, type FormEvent } from 'react'
import { emptyConciergeSettings, summaryLines, type ConciergeSettings } from '#lib/concierge'
import { isLocaleCode, LOCALES } from '#lib/locales'
import { formatSiteTime } from '#lib/team'
import { texts } from '#lib/texts'
import { ApiError, fieldErrorsOf, getApi, messageOf, postApi, type ApiAnswer } from '#ui/api.ts'
import { buttonClass, ErrorAlert, RowButton, TextInput } from '#ui/editor/fields.tsx'
import { PlusIcon, TrashIcon } from '../icons.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { toastSuccess } from '../toast.ts'
import { editorTexts } from '#lib/editor-texts'

const t = texts.concierge

/** As the mail names it: the language's English name (the visitor centre reads English). */
const languageName = (code: string | null) => (isLocaleCode(code) ? LOCALES[code].englishName : undefined)

/** The received enquiries as the route declares them (newest first). */
type ReceivedEnquiries = ApiAnswer<'/conciergeForm/enquiries', 'get'>

/**
 * The 'Concierge Form' settings panel (spec 01 §2.12, §7): where enquiries are e-mailed (the
 * address with its info text, and copies, starting with one empty entry), 'Save Contact Details'
 * with the toast 'Concierge Form Details Saved'; and the enquiries received so far.
 */
export default function ConciergePanel() {
  const [settings, setSettings] = useState<ConciergeSettings | null>(null)
  const [error, setError] = useState<string | null>(null)
  // A refused address shows under its own field ('email', 'ccs.1'...), not as one message for the form.
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [enquiries, setEnquiries] = useState<ReceivedEnquiries | null>(null)
  const [listError, setListError] = useState<string | null>(null)

  useEffect(() => {
    getApi('/conciergeForm/loadConciergeForm')
      .then((loaded) =>
        setSettings(loaded ? { email: loaded.email, ccs: loaded.ccs.length ? loaded.ccs : [''] } : emptyConciergeSettings()),
      )
      .catch((err: unknown) => setError(messageOf(err)))
    getApi('/conciergeForm/enquiries')
      .then(setEnquiries)
      .catch((err: unknown) => setListError(messageOf(err)))
  }, [])

  async function save(event: FormEvent) {
    event.preventDefault()
    if (!settings || busy) return
    setBusy(true)
    setError(null)
    setFieldErrors({})
    try {
      const saved = await postApi('/conciergeForm/saveConciergeForm', { conciergeForm: settings })
      setSettings({ email: saved.email, ccs: saved.ccs.length ? saved.ccs : [''] })
      toastSuccess(texts.toasts.conciergeSaved)
    } catch (err) {
      // Spec 01 §7: no failure toast for the concierge calls; the message shows in the panel, under the field it is about.
      const byField = err instanceof ApiError ? fieldErrorsOf(err.details, err.message) : {}
      setFieldErrors(byField)
      const shown = ['email', ...settings.ccs.map((_, i) => `ccs.${i}`)]
      if (!shown.some((path) => path in byField)) setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }

  const setCc = (index: number, value: string) =>
    settings && setSettings({ ...settings, ccs: settings.ccs.map((cc, i) => (i === index ? value : cc)) })

  return (
    <div className="flex flex-col gap-6" data-concierge-panel="">
      {settings ? (
        <form noValidate onSubmit={(e) => void save(e)} className="flex flex-col gap-4">
          <TextInput
            label={t.email}
            type="email"
            autoComplete="off"
            value={settings.email}
            hint={t.emailInfo}
            error={fieldErrors.email}
            onChange={(e) => setSettings({ ...settings, email: e.target.value })}
          />
          <fieldset className="flex flex-col gap-2">
            <legend className={`${chrome.label} mb-2`}>{t.ccs}</legend>
            {settings.ccs.map((cc, i) => (
              <div key={i} className="flex items-end gap-2">
                <div className="grow">
                  <TextInput
                    label={t.cc(i + 1)}
                    type="email"
                    autoComplete="off"
                    value={cc}
                    error={fieldErrors[`ccs.${i}`]}
                    onChange={(e) => setCc(i, e.target.value)}
                  />
                </div>
                <RowButton
                  label={t.removeCc(i + 1)}
                  disabled={settings.ccs.length === 1 && !cc}
                  onClick={() =>
                    setSettings({ ...settings, ccs: settings.ccs.length === 1 ? [''] : settings.ccs.filter((_, j) => j !== i) })
                  }
                >
                  <TrashIcon width={16} height={16} aria-hidden="true" />
                </RowButton>
              </div>
            ))}
            <button
              type="button"
              className={`${buttonClass.secondary} ${buttonClass.small} self-start`}
              onClick={() => setSettings({ ...settings, ccs: [...settings.ccs, ''] })}
            >
              <PlusIcon width={14} height={14} aria-hidden="true" />
              {t.addCc}
            </button>
          </fieldset>
          <ErrorAlert message={error} />
          <div className="flex justify-end">
            <button type="submit" className={buttonClass.primary} disabled={busy} aria-busy={busy}>
              {t.save}
            </button>
          </div>
        </form>
      ) : error ? (
        <ErrorAlert message={error} />
      ) : (
        <p role="status">{editorTexts.loading}</p>
      )}

      <section aria-labelledby="concierge-enquiries" className="flex flex-col gap-2 border-t border-neutral-200 pt-4">
        <h3 id="concierge-enquiries" className={chrome.heading}>
          {t.enquiries}
        </h3>
        <ErrorAlert message={listError} />
        {enquiries && enquiries.length === 0 ? <p className="text-neutral-600">{t.noEnquiries}</p> : null}
        {enquiries && enquiries.length ? (
          <ul className="flex flex-col divide-y divide-neutral-100" data-enquiries="">
            {enquiries.map((enquiry) => (
              <li key={enquiry._id} className="py-2">
                <details>
                  <summary className={`flex cursor-pointer flex-wrap items-baseline gap-x-3 rounded ${chrome.focus}`}>
                    <span className="font-medium text-neutral-900">{enquiry.name}</span>
                    <span className="text-neutral-700">{enquiry.email}</span>
                    <span className="text-xs text-neutral-600">
                      {t.received} <time dateTime={enquiry.createdAt}>{formatSiteTime(enquiry.createdAt)}</time> · {t.delivery}:{' '}
                      {t.deliveryStatus[enquiry.mailStatus] ?? enquiry.mailStatus}
                    </span>
                  </summary>
                  <dl className="mt-2 grid grid-cols-[minmax(0,12rem)_1fr] gap-x-4 gap-y-1 text-xs">
                    {summaryLines(enquiry.data, languageName(enquiry.language)).map(({ label, value }) => (
                      <div key={label} className="contents">
                        <dt className="text-neutral-600">{label}</dt>
                        <dd className="whitespace-pre-line text-neutral-900">{value}</dd>
                      </div>
                    ))}
                  </dl>
                </details>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  )
}
