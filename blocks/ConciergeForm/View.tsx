import { clsx } from 'clsx'
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import {
  accomTypes,
  activities,
  bookingsToHelp,
  checkEnquiry,
  checkInLimits,
  isoDate,
  months,
  preferredContacts,
  roomTypes,
  stepOf,
  steps,
  summaryHtml,
  whereToStay,
  type EnquiryField,
  type FieldIssue,
} from '#lib/concierge'
import { formatDmy, parseDate } from '#lib/dates'
import { dayFormatter } from '#lib/site-texts/index'
import { useLocale, useTexts } from '#ui/locale'
import { useApiBase } from '#ui/hooks/use-api-base'
import { postJson } from '#ui/visitor-api.ts'
import { useHydrated } from '#ui/hooks/use-hydrated'
import { ChevronDownIcon } from '#ui/icons'
import { useEditing } from '#ui/editing'
import type { Props } from './schema'
import { usePrefilledMessage } from './use-prefilled-message'
import { toData, initialValues, type ListField, type TextField, type Values } from './values'

type Status = 'idle' | 'sending' | 'sent' | 'failed'
type Errors = Partial<Record<EnquiryField, string>>

const inputClass =
  'mt-1 block min-h-12 w-full rounded-sm border-2 border-ink/25 bg-white px-4 py-2 text-ink focus:border-red aria-[invalid=true]:border-red-lighter'
/**
 * The concierge enquiry (spec 02 §2.6): five accordion steps, step 1 open; 'Next Step' checks the
 * step with the shared schema (lib/concierge.ts) before opening the next; 'Send enquiry' checks
 * every step in order, opens the first invalid one and stops, otherwise sends and becomes
 * 'Enquiry Sent'. Messages sit under their fields and are announced.
 */
export function View(_: Props) {
  const { concierge: t, favourites: favouriteTexts } = useTexts()
  const labels = t.labels
  const { locale } = useLocale()
  // The check-in date's limits as the messages write them: DD/MM/YYYY in English, the language's own form otherwise.
  const formatDay = dayFormatter(locale) ?? ((iso: string) => formatDmy(parseDate(iso)))
  // The choices are sent in English (the visitor centre reads them); each shows in the page's language.
  const optionLabel = (option: string) => (t.options as Readonly<Record<string, string>>)[option] ?? option
  const editing = useEditing()
  const id = useId()
  const apiBase = useApiBase()
  const hydrated = useHydrated()
  const [values, setValues] = useState<Values>(initialValues)
  const [errors, setErrors] = useState<Errors>({})
  const [open, setOpen] = useState<boolean[]>(() => steps.map((_, i) => i === 0))
  const [status, setStatus] = useState<Status>('idle')
  // "Today" is the visitor's own day: set after hydration so the server's clock never decides it.
  const [today, setToday] = useState<string | null>(null)
  const focusAfter = useRef<string | null>(null)
  // The browser's own day, read once after hydration (the server does not know it).
  useEffect(() => setToday(isoDate(new Date())), [])
  const { fromList, fromTrip } = usePrefilledMessage(!!editing, locale, setValues)
  useEffect(() => {
    if (!focusAfter.current) return
    document.getElementById(focusAfter.current)?.focus()
    focusAfter.current = null
  })

  const fieldId = (field: string) => `${id}-${field}`
  const stepId = (i: number) => `${id}-step-${i}`
  const limits = today ? checkInLimits(values.monthToVisit, today) : null
  const issuesNow = (next: Values): FieldIssue[] => {
    const result = checkEnquiry(toData(next), today ?? isoDate(new Date()), t, dayFormatter(locale))
    return result.ok ? [] : result.issues
  }

  function set<K extends keyof Values>(field: K, value: Values[K]) {
    const next = { ...values, [field]: value }
    setValues(next)
    if (status === 'failed') setStatus('idle')
    // A message already shown follows the value as it is corrected (and the date follows the month).
    const watched = Object.keys(errors) as EnquiryField[]
    if (!watched.length) return
    const issues = issuesNow(next)
    setErrors((old) => {
      const updated: Errors = {}
      for (const f of Object.keys(old) as EnquiryField[]) {
        const issue = issues.find((i) => i.field === f)
        if (issue) updated[f] = issue.message
      }
      return updated
    })
  }

  function toggleList(field: ListField, option: string, checked: boolean) {
    const current = values[field]
    set(field, checked ? [...current, option] : current.filter((o) => o !== option))
  }

  function toggleStep(index: number) {
    setOpen((old) => old.map((o, i) => (i === index ? !o : o)))
  }

  /** Checks one step: its messages are shown (or cleared); answers whether it is valid. */
  function checkStep(index: number): FieldIssue[] {
    const fields = steps[index]!.fields as readonly EnquiryField[]
    const issues = issuesNow(values).filter((i) => fields.includes(i.field))
    setErrors((old) => {
      const updated: Errors = { ...old }
      for (const f of fields) delete updated[f]
      for (const i of issues) updated[i.field] = i.message
      return updated
    })
    return issues
  }

  function nextStep(index: number) {
    const issues = checkStep(index)
    if (issues.length) {
      focusAfter.current = fieldId(issues[0]!.field)
      return
    }
    setOpen((old) => old.map((o, i) => (i === index ? false : i === index + 1 ? true : o)))
    focusAfter.current = index + 1 < steps.length ? `${stepId(index + 1)}-button` : `${id}-send`
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (editing || status === 'sending' || status === 'sent') return
    const issues = issuesNow(values)
    if (issues.length) {
      const all: Errors = {}
      for (const i of issues) all[i.field] = i.message
      setErrors(all)
      // Spec 02 §5: the first invalid step (in order) opens and sending stops.
      const first = issues.reduce((a, b) => (stepOf(b.field) < stepOf(a.field) ? b : a))
      const step = stepOf(first.field)
      setOpen((old) => old.map((o, i) => (i === step ? true : o)))
      focusAfter.current = fieldId(first.field)
      return
    }
    setErrors({})
    setStatus('sending')
    try {
      const data = toData(values)
      await postJson(apiBase, '/conciergeForm/submit', { data, content: summaryHtml(data), website: values.website, locale })
      setStatus('sent')
    } catch {
      setStatus('failed')
    }
    // The button was disabled while sending (and stays so once sent): focus goes to the outcome, not the page's body.
    focusAfter.current = `${id}-result`
  }

  const error = (field: EnquiryField) => errors[field]
  const described = (field: EnquiryField, hint?: boolean) =>
    [hint ? `${fieldId(field)}-hint` : '', error(field) ? `${fieldId(field)}-error` : ''].filter(Boolean).join(' ') || undefined

  function message(field: EnquiryField) {
    const message = error(field)
    return message ? (
      <p id={`${fieldId(field)}-error`} className="mt-1 text-sm font-semibold text-red">
        {message}
      </p>
    ) : null
  }

  // Plain functions, not components: a component declared in here would remount (and lose focus) on every keystroke.
  function textField({
    field,
    type = 'text',
    required,
    autoComplete,
    inputMode,
  }: {
    field: TextField
    type?: string
    required?: boolean
    autoComplete?: string
    inputMode?: 'numeric' | 'decimal' | 'tel' | 'email'
  }) {
    return (
      <div key={field}>
        <label htmlFor={fieldId(field)} className="block text-sm font-semibold text-ink">
          {labels[field]}
          {required ? <span aria-hidden="true"> *</span> : null}
        </label>
        <input
          id={fieldId(field)}
          name={field}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete ?? 'off'}
          aria-required={required || undefined}
          aria-invalid={error(field) ? true : undefined}
          aria-describedby={described(field)}
          value={values[field]}
          onChange={(e) => set(field, e.target.value)}
          className={inputClass}
        />
        {message(field)}
      </div>
    )
  }

  function checkboxes(field: ListField, options: readonly string[]) {
    return (
      <fieldset key={field} className="sm:col-span-2">
        <legend className="text-sm font-semibold text-ink">{labels[field]}</legend>
        <div className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {options.map((option, i) => (
            <label key={option} htmlFor={`${fieldId(field)}-${i}`} className="flex min-h-11 items-center gap-3 text-ink">
              <input
                id={`${fieldId(field)}-${i}`}
                type="checkbox"
                name={field}
                value={option}
                checked={values[field].includes(option)}
                onChange={(e) => toggleList(field, option, e.target.checked)}
                className="size-5 shrink-0 accent-red"
              />
              {optionLabel(option)}
            </label>
          ))}
        </div>
      </fieldset>
    )
  }

  function done(index: number) {
    if (checkStep(index).length) return
    setOpen((old) => old.map((o, i) => (i === index ? false : o)))
    focusAfter.current = `${id}-send`
  }

  function step(index: number, children: ReactNode) {
    const { id: stepKey, fields } = steps[index]!
    const title = t.steps[stepKey]
    const isOpen = open[index]
    const invalid = (fields as readonly EnquiryField[]).some((f) => errors[f])
    const last = index === steps.length - 1
    return (
      <div className="border-b border-ink/15">
        <h3>
          <button
            type="button"
            id={`${stepId(index)}-button`}
            aria-expanded={isOpen}
            aria-controls={stepId(index)}
            onClick={() => toggleStep(index)}
            className="flex w-full items-center gap-4 py-5 text-left font-display text-xl font-semibold text-ink hover:text-red sm:text-2xl"
          >
            <span
              className={clsx(
                'flex size-10 shrink-0 items-center justify-center rounded-full text-base tabular-nums',
                invalid ? 'bg-red-lighter text-ink' : 'bg-red text-white',
              )}
            >
              {index + 1}
            </span>
            <span className="grow">{title}</span>
            <ChevronDownIcon size={22} className={clsx('shrink-0 transition', isOpen && 'rotate-180')} />
          </button>
        </h3>
        <div id={stepId(index)} role="region" aria-labelledby={`${stepId(index)}-button`} hidden={!isOpen} className="pb-8">
          <div className="grid gap-5 sm:grid-cols-2">{children}</div>
          <button type="button" className="button mt-6" onClick={() => (last ? done(index) : nextStep(index))}>
            {last ? t.done : t.nextStep}
          </button>
        </div>
      </div>
    )
  }

  const sent = status === 'sent'
  return (
    <section className="container-site" aria-labelledby={`${id}-title`} data-concierge-form="">
      <div className="mx-auto max-w-3xl rounded-sm bg-soft-pink px-5 py-8 sm:px-10 sm:py-12">
        <h2 id={`${id}-title`} className="heading-sub">
          {t.heading}
        </h2>
        <p className="mt-3 text-ink-soft">{t.intro}</p>
        {fromList ? (
          <p data-enquiry-list="" className="mt-3 font-semibold text-red-darker">
            {favouriteTexts.enquiryNotice(fromList)}
          </p>
        ) : null}
        {fromTrip ? (
          <p data-enquiry-trip="" className="mt-3 font-semibold text-red-darker">
            {fromTrip}
          </p>
        ) : null}
        <form noValidate onSubmit={(e) => void send(e)} className="mt-6" aria-describedby={`${id}-result`}>
          {step(
            0,
            <>
              {textField({ field: 'firstName', required: true, autoComplete: 'given-name' })}
              {textField({ field: 'surname', required: true, autoComplete: 'family-name' })}
              {textField({ field: 'email', type: 'email', required: true, autoComplete: 'email' })}
              {textField({ field: 'phone', type: 'tel', required: true, autoComplete: 'tel' })}
              <fieldset className="sm:col-span-2">
                <legend className="text-sm font-semibold text-ink">{labels.preferredContact}</legend>
                <div className="mt-2 flex flex-wrap gap-6">
                  {preferredContacts.map((option) => (
                    <label key={option} className="flex min-h-11 items-center gap-3 text-ink">
                      <input
                        type="radio"
                        name="preferredContact"
                        value={option}
                        checked={values.preferredContact === option}
                        onChange={() => set('preferredContact', option)}
                        className="size-5 accent-red"
                      />
                      {optionLabel(option)}
                    </label>
                  ))}
                </div>
              </fieldset>
            </>,
          )}
          {step(
            1,
            <>
              <div>
                <label htmlFor={fieldId('monthToVisit')} className="block text-sm font-semibold text-ink">
                  {labels.monthToVisit}
                </label>
                <select
                  id={fieldId('monthToVisit')}
                  name="monthToVisit"
                  value={values.monthToVisit}
                  onChange={(e) => set('monthToVisit', e.target.value)}
                  className={inputClass}
                >
                  <option value="">—</option>
                  {months.map((m) => (
                    <option key={m} value={m}>
                      {optionLabel(m)}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={fieldId('checkInDate')} className="block text-sm font-semibold text-ink">
                  {labels.checkInDate}{' '}
                  <span id={`${fieldId('checkInDate')}-hint`} className="font-normal text-ink-soft">
                    {limits ? t.dateHint(formatDay(limits.min), limits.max ? formatDay(limits.max) : undefined) : t.dateFormatHint}
                  </span>
                </label>
                {/* Typed as DD/MM/YYYY whatever the browser's locale (a date input follows it: issue 31). */}
                <input
                  id={fieldId('checkInDate')}
                  name="checkInDate"
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder={t.dateFormatPlaceholder}
                  maxLength={10}
                  aria-invalid={error('checkInDate') ? true : undefined}
                  aria-describedby={described('checkInDate', true)}
                  value={values.checkInDate}
                  onChange={(e) => set('checkInDate', e.target.value)}
                  className={inputClass}
                />
                {message('checkInDate')}
              </div>
              {textField({ field: 'duration' })}
              {textField({ field: 'celebration' })}
              {textField({ field: 'numOfPeople', type: 'number', inputMode: 'numeric' })}
              {textField({ field: 'numOfChildren', type: 'number', inputMode: 'numeric' })}
            </>,
          )}
          {step(
            2,
            <>
              {checkboxes('roomTypes', roomTypes)}
              {checkboxes('accomTypes', accomTypes)}
              {checkboxes('whereToStay', whereToStay)}
              <div>
                <label htmlFor={fieldId('budgetPerNight')} className="block text-sm font-semibold text-ink">
                  {labels.budgetPerNight}
                </label>
                <div className="relative">
                  <span className="pointer-events-none absolute inset-y-0 left-4 flex items-center text-ink" aria-hidden="true">
                    {t.budgetPrefix.trim()}
                  </span>
                  <input
                    id={fieldId('budgetPerNight')}
                    name="budgetPerNight"
                    type="number"
                    inputMode="decimal"
                    min={0}
                    aria-invalid={error('budgetPerNight') ? true : undefined}
                    aria-describedby={[
                      `${fieldId('budgetPerNight')}-hint`,
                      error('budgetPerNight') ? `${fieldId('budgetPerNight')}-error` : '',
                    ]
                      .filter(Boolean)
                      .join(' ')}
                    value={values.budgetPerNight}
                    onChange={(e) => set('budgetPerNight', e.target.value)}
                    className={clsx(inputClass, 'pl-12')}
                  />
                </div>
                <p id={`${fieldId('budgetPerNight')}-hint`} className="sr-only">
                  {t.budgetPrefix}
                </p>
                {message('budgetPerNight')}
              </div>
              {textField({ field: 'specialNeeds' })}
            </>,
          )}
          {step(
            3,
            <>
              {checkboxes('activities', activities)}
              {checkboxes('bookingsToHelp', bookingsToHelp)}
            </>,
          )}
          {step(
            4,
            <>
              <div className="sm:col-span-2">
                <label htmlFor={fieldId('comments')} className="block text-sm font-semibold text-ink">
                  {labels.comments}
                </label>
                <textarea
                  id={fieldId('comments')}
                  name="comments"
                  rows={5}
                  value={values.comments}
                  onChange={(e) => set('comments', e.target.value)}
                  className={inputClass}
                />
              </div>
            </>,
          )}
          {/* Spam protection a person never meets: robots fill in every field, people never see this one. */}
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor={fieldId('website')}>{t.honeypot}</label>
            <input
              id={fieldId('website')}
              name="website"
              type="text"
              tabIndex={-1}
              autoComplete="off"
              value={values.website}
              onChange={(e) => set('website', e.target.value)}
            />
          </div>
          <button
            id={`${id}-send`}
            type="submit"
            className="button mt-8"
            disabled={!hydrated || sent || status === 'sending' || !!editing}
            aria-busy={status === 'sending'}
          >
            {sent ? t.sent : status === 'sending' ? t.sending : t.send}
          </button>
          <p
            id={`${id}-result`}
            role="status"
            tabIndex={-1}
            className={clsx('mt-4 min-h-6 font-medium focus-visible:outline-offset-4', status === 'failed' ? 'text-red' : 'text-ink')}
          >
            {sent ? t.success : status === 'failed' ? t.failure : ''}
          </p>
        </form>
      </div>
    </section>
  )
}
