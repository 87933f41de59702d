import { clsx } from 'clsx'
import { accomTypes, activities, bookingsToHelp, months, preferredContacts, roomTypes, whereToStay } from '#lib/concierge'
import { formatDmy, parseDate } from '#lib/dates'
import { dayFormatter } from '#lib/site-texts/index'
import { useLocale, useTexts } from '#ui/locale'
import { useEditing } from '#ui/editing'
import type { Props } from './schema'
import { Checkboxes, FieldMessage, Step, TextInput, inputClass } from './fields'
import { useEnquiryForm } from './use-enquiry-form'
import { usePrefilledMessage } from './use-prefilled-message'

/**
 * The concierge enquiry (spec 02 §2.6): five accordion steps, step 1 open; 'Next Step' checks the
 * step with the shared schema (lib/concierge.ts) before opening the next; 'Send enquiry' checks
 * every step in order, opens the first invalid one and stops, otherwise sends and becomes
 * 'Enquiry Sent'. Messages sit under their fields and are announced. The rules live in
 * use-enquiry-form.ts, the repeated pieces in fields.tsx.
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
  const form = useEnquiryForm({ texts: t, locale, editing: !!editing })
  const { ids, values, status, limits, set, hydrated } = form
  const { fromList, fromTrip } = usePrefilledMessage(!!editing, locale, form.setValues)
  const fieldId = ids.field

  const sent = status === 'sent'
  return (
    <section className="container-site" aria-labelledby={ids.title} data-concierge-form="">
      <div className="mx-auto max-w-3xl rounded-sm bg-soft-pink px-5 py-8 sm:px-10 sm:py-12">
        <h2 id={ids.title} className="heading-sub">
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
        <form noValidate onSubmit={(e) => void form.send(e)} className="mt-6" aria-describedby={ids.result}>
          <Step form={form} texts={t} index={0}>
            <TextInput form={form} texts={t} field="firstName" required autoComplete="given-name" />
            <TextInput form={form} texts={t} field="surname" required autoComplete="family-name" />
            <TextInput form={form} texts={t} field="email" type="email" required autoComplete="email" />
            <TextInput form={form} texts={t} field="phone" type="tel" required autoComplete="tel" />
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
          </Step>
          <Step form={form} texts={t} index={1}>
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
                aria-invalid={form.errors.checkInDate ? true : undefined}
                aria-describedby={form.describedBy('checkInDate', true)}
                value={values.checkInDate}
                onChange={(e) => set('checkInDate', e.target.value)}
                className={inputClass}
              />
              <FieldMessage form={form} field="checkInDate" />
            </div>
            <TextInput form={form} texts={t} field="duration" />
            <TextInput form={form} texts={t} field="celebration" />
            <TextInput form={form} texts={t} field="numOfPeople" type="number" inputMode="numeric" />
            <TextInput form={form} texts={t} field="numOfChildren" type="number" inputMode="numeric" />
          </Step>
          <Step form={form} texts={t} index={2}>
            <Checkboxes form={form} texts={t} field="roomTypes" options={roomTypes} optionLabel={optionLabel} />
            <Checkboxes form={form} texts={t} field="accomTypes" options={accomTypes} optionLabel={optionLabel} />
            <Checkboxes form={form} texts={t} field="whereToStay" options={whereToStay} optionLabel={optionLabel} />
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
                  aria-invalid={form.errors.budgetPerNight ? true : undefined}
                  aria-describedby={[
                    `${fieldId('budgetPerNight')}-hint`,
                    form.errors.budgetPerNight ? `${fieldId('budgetPerNight')}-error` : '',
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
              <FieldMessage form={form} field="budgetPerNight" />
            </div>
            <TextInput form={form} texts={t} field="specialNeeds" />
          </Step>
          <Step form={form} texts={t} index={3}>
            <Checkboxes form={form} texts={t} field="activities" options={activities} optionLabel={optionLabel} />
            <Checkboxes form={form} texts={t} field="bookingsToHelp" options={bookingsToHelp} optionLabel={optionLabel} />
          </Step>
          <Step form={form} texts={t} index={4}>
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
          </Step>
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
            id={ids.send}
            type="submit"
            className="button mt-8"
            disabled={!hydrated || sent || status === 'sending' || !!editing}
            aria-busy={status === 'sending'}
          >
            {sent ? t.sent : status === 'sending' ? t.sending : t.send}
          </button>
          <p
            id={ids.result}
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
