/**
 * The concierge enquiry's state and rules (spec 02 §2.6, §5), apart from its markup (View.tsx):
 * the values, the messages under the fields, which steps are open, sending, and where the focus
 * goes after each of these.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { checkEnquiry, checkInLimits, isoDate, stepOf, steps, summaryHtml, type EnquiryField, type FieldIssue } from '#lib/concierge'
import type { LocaleCode } from '#lib/locales'
import { dayFormatter, type SiteTexts } from '#lib/site-texts/index'
import { useApiBase } from '#ui/hooks/use-api-base'
import { useHydrated } from '#ui/hooks/use-hydrated'
import { postJson } from '#ui/visitor-api.ts'
import { toData, initialValues, type ListField, type Values } from './values'

export type Status = 'idle' | 'sending' | 'sent' | 'failed'
export type Errors = Partial<Record<EnquiryField, string>>

export interface EnquiryFormOptions {
  texts: SiteTexts['concierge']
  locale: LocaleCode
  /** In the editor the form is shown, never sent. */
  editing: boolean
}

export function useEnquiryForm({ texts, locale, editing }: EnquiryFormOptions) {
  const id = useId()
  const apiBase = useApiBase()
  const [values, setValues] = useState<Values>(initialValues)
  const [errors, setErrors] = useState<Errors>({})
  const [open, setOpen] = useState<boolean[]>(() => steps.map((_, i) => i === 0))
  const [status, setStatus] = useState<Status>('idle')
  const hydrated = useHydrated()
  // "Today" is the visitor's own day, known once hydrated: the server's clock never decides it.
  const today = hydrated ? isoDate(new Date()) : null
  // The element to focus once the change that named it has rendered.
  const focusAfter = useRef<string | null>(null)
  useEffect(() => {
    if (!focusAfter.current) return
    document.getElementById(focusAfter.current)?.focus()
    focusAfter.current = null
  })

  const fieldId = (field: string) => `${id}-${field}`
  const stepId = (index: number) => `${id}-step-${index}`
  const ids = { title: `${id}-title`, send: `${id}-send`, result: `${id}-result`, field: fieldId, step: stepId }

  const issuesNow = (next: Values): FieldIssue[] => {
    const result = checkEnquiry(toData(next), today ?? isoDate(new Date()), texts, dayFormatter(locale))
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

  function toggleListItem(field: ListField, option: string, checked: boolean) {
    const current = values[field]
    set(field, checked ? [...current, option] : current.filter((o) => o !== option))
  }

  function toggleStep(index: number) {
    setOpen((old) => old.map((o, i) => (i === index ? !o : o)))
  }

  /** Checks one step: its messages are shown (or cleared); answers its issues. */
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

  /** 'Next Step' (or 'Done' on the last): a valid step closes and the next one (or Send) gets the focus; else its first message's field does. */
  function finishStep(index: number) {
    const issues = checkStep(index)
    if (issues.length) {
      focusAfter.current = fieldId(issues[0]!.field)
      return
    }
    const last = index === steps.length - 1
    setOpen((old) => old.map((o, i) => (i === index ? false : !last && i === index + 1 ? true : o)))
    focusAfter.current = last ? ids.send : `${stepId(index + 1)}-button`
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
    focusAfter.current = ids.result
  }

  /** The ids describing a field: its hint (when it has one) and its message (when shown). */
  const describedBy = (field: EnquiryField, hint?: boolean) =>
    [hint ? `${fieldId(field)}-hint` : '', errors[field] ? `${fieldId(field)}-error` : ''].filter(Boolean).join(' ') || undefined

  return {
    ids,
    /** False on the server and while hydrating: the form cannot be sent yet. */
    hydrated,
    values,
    errors,
    open,
    status,
    /** The check-in date's limits for the chosen month, once the visitor's day is known. */
    limits: today ? checkInLimits(values.monthToVisit, today) : null,
    set,
    toggleListItem,
    toggleStep,
    finishStep,
    send,
    describedBy,
    setValues,
  }
}

export type EnquiryForm = ReturnType<typeof useEnquiryForm>
