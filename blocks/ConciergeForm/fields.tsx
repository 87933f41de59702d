/**
 * The enquiry form's pieces (View.tsx puts them together): a step of the accordion, a text field,
 * a group of checkboxes and a field's message. Each reads and changes the form through `form`
 * (use-enquiry-form.ts); labels and option names come in the page's language.
 */
import { clsx } from 'clsx'
import type { ReactNode } from 'react'
import { steps, type EnquiryField } from '#lib/concierge'
import type { SiteTexts } from '#lib/site-texts/index'
import { ChevronDownIcon } from '#ui/icons'
import type { EnquiryForm } from './use-enquiry-form'
import type { ListField, TextField } from './values'

type ConciergeTexts = SiteTexts['concierge']

export const inputClass =
  'mt-1 block min-h-12 w-full rounded-sm border-2 border-ink/25 bg-white px-4 py-2 text-ink focus:border-red aria-[invalid=true]:border-red-lighter'

/** The message under a field, when it has one (the field's aria-describedby names it). */
export function FieldMessage({ form, field }: { form: EnquiryForm; field: EnquiryField }) {
  const message = form.errors[field]
  return message ? (
    <p id={`${form.ids.field(field)}-error`} className="mt-1 text-sm font-semibold text-red">
      {message}
    </p>
  ) : null
}

export function TextInput({
  form,
  texts,
  field,
  type = 'text',
  required,
  autoComplete,
  inputMode,
}: {
  form: EnquiryForm
  texts: ConciergeTexts
  field: TextField
  type?: string
  required?: boolean
  autoComplete?: string
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'email'
}) {
  const id = form.ids.field(field)
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {texts.labels[field]}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={field}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete ?? 'off'}
        aria-required={required || undefined}
        aria-invalid={form.errors[field] ? true : undefined}
        aria-describedby={form.describedBy(field)}
        value={form.values[field]}
        onChange={(e) => form.set(field, e.target.value)}
        className={inputClass}
      />
      <FieldMessage form={form} field={field} />
    </div>
  )
}

export function Checkboxes({
  form,
  texts,
  field,
  options,
  optionLabel,
}: {
  form: EnquiryForm
  texts: ConciergeTexts
  field: ListField
  options: readonly string[]
  optionLabel: (option: string) => string
}) {
  const id = form.ids.field(field)
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-semibold text-ink">{texts.labels[field]}</legend>
      <div className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {options.map((option, i) => (
          <label key={option} htmlFor={`${id}-${i}`} className="flex min-h-11 items-center gap-3 text-ink">
            <input
              id={`${id}-${i}`}
              type="checkbox"
              name={field}
              value={option}
              checked={form.values[field].includes(option)}
              onChange={(e) => form.toggleListItem(field, option, e.target.checked)}
              className="size-5 shrink-0 accent-red"
            />
            {optionLabel(option)}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** One step of the accordion: its numbered heading button, and its fields with 'Next Step' (or 'Done'). */
export function Step({ form, texts, index, children }: { form: EnquiryForm; texts: ConciergeTexts; index: number; children: ReactNode }) {
  const { id: stepKey, fields } = steps[index]!
  const isOpen = form.open[index]
  const invalid = (fields as readonly EnquiryField[]).some((f) => form.errors[f])
  const last = index === steps.length - 1
  const regionId = form.ids.step(index)
  return (
    <div className="border-b border-ink/15">
      <h3>
        <button
          type="button"
          id={`${regionId}-button`}
          aria-expanded={isOpen}
          aria-controls={regionId}
          onClick={() => form.toggleStep(index)}
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
          <span className="grow">{texts.steps[stepKey]}</span>
          <ChevronDownIcon size={22} className={clsx('shrink-0 transition', isOpen && 'rotate-180')} />
        </button>
      </h3>
      <div id={regionId} role="region" aria-labelledby={`${regionId}-button`} hidden={!isOpen} className="pb-8">
        <div className="grid gap-5 sm:grid-cols-2">{children}</div>
        <button type="button" className="button mt-6" onClick={() => form.finishStep(index)}>
          {last ? texts.done : texts.nextStep}
        </button>
      </div>
    </div>
  )
}
