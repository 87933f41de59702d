import { useId, useState } from 'react'
import { formatScheduleTime, instantToSiteLocal, siteLocalToInstant, scheduleTexts as st, type ScheduleAction } from '#lib/schedule'
import { formatDmy, parseDate, toIsoDate } from '#lib/dates'
import { SITE_TIME_ZONE } from '#lib/team'
import { messageOf, postApi } from '#ui/api.ts'
import { buttonClass } from '#ui/editor/fields.tsx'
import { editorTexts } from '#lib/editor-texts'
import { useEditorState } from '../state/store.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { toastError, toastSuccess } from '../toast.ts'
import { useEditedPageRef, useRouteCollection } from '../use-route-page.ts'
import { usePageSaver } from './page-saver.tsx'
import { usePageSchedules } from './schedules.ts'

/**
 * An hour from now, on the minute (site time), as the two fields show it: the date as DD/MM/YYYY and
 * the time as HH:MM. A browser's date-time field would show its own language's order (MM/DD on a
 * US-English browser) beside the site's DD/MM/YYYY everywhere else (issue 31).
 */
function defaultFields(): { date: string; time: string } {
  const local = instantToSiteLocal(new Date(Math.ceil((Date.now() + 3_600_000) / 60_000) * 60_000))
  return { date: formatDmy(parseDate(local)), time: local.slice(11, 16) }
}

const sc = editorTexts.schedule
const TYPED_TIME = /^([01]?\d|2[0-3])[:.]([0-5]\d)$/

/** The typed date and time as the site-local "YYYY-MM-DDTHH:mm" the API takes; null for each that is not real. */
function siteLocalOf(date: string, time: string): { at: string | null; badDate: boolean; badTime: boolean } {
  const iso = toIsoDate(date.trim())
  const t = TYPED_TIME.exec(time.trim())
  const hhmm = t ? `${t[1]!.padStart(2, '0')}:${t[2]}` : null
  return { at: iso && hhmm ? `${iso}T${hhmm}` : null, badDate: !iso, badTime: !hhmm }
}

/** The chosen time as the site writes dates ("Fri 25/12/2026 09:00 Adelaide time"), with its weekday. */
function reading(local: string): string | null {
  const instant = siteLocalToInstant(local)
  if (!instant) return null
  const weekday = new Intl.DateTimeFormat('en-AU', { timeZone: SITE_TIME_ZONE, weekday: 'short' }).format(instant)
  return st.atReading(weekday, formatScheduleTime(instant.toISOString()))
}

/**
 * The Publish Page panel's schedule (issue 17 point 6): publish or unpublish this page at a date and
 * time in the site's time zone; pending ones listed with Cancel, and a schedule that could not run
 * says why. Unsaved edits are saved first: what is published is the saved draft at that moment.
 */
export function ScheduleSection() {
  const { page: pageState, language } = useEditorState()
  const { page, isDirty } = pageState
  const locale = language?.locale ?? null
  const collection = useRouteCollection()
  const saver = usePageSaver()
  const edited = useEditedPageRef(page?._id)
  const schedules = usePageSchedules(collection, edited?.pageId ?? null, { locale })
  const [action, setAction] = useState<ScheduleAction>('publish')
  const [fields, setFields] = useState(defaultFields)
  const typed = siteLocalOf(fields.date, fields.time)
  const at = typed.at ?? ''
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const headingId = useId()
  const actionId = useId()
  const dateId = useId()
  const timeId = useId()
  const groupId = useId()
  const errorId = useId()
  const readingId = useId()
  if (!page) return null

  async function schedule() {
    if (!page || busy) return
    setBusy(true)
    setError(null)
    try {
      if (isDirty) await saver.write('save')
      const created = await postApi('/schedule/create', {
        pageId: page._id,
        collection,
        action,
        at,
        // In a further language the schedule publishes or unpublishes that language only.
        ...(locale ? { locale } : {}),
      })
      await schedules.refresh()
      const when = formatScheduleTime(created.dueAt)
      toastSuccess(created.action === 'publish' ? st.publishScheduled(when) : st.unpublishScheduled(when))
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }

  async function cancel(id: number) {
    setBusy(true)
    try {
      await postApi('/schedule/cancel', { id })
      await schedules.refresh()
      toastSuccess(st.cancelled)
    } catch (err) {
      toastError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }

  const failed = schedules.recent.find((s) => s.status === 'failed')
  return (
    <section aria-labelledby={headingId} data-schedule="" className="flex flex-col gap-3 border-t border-neutral-200 pt-4">
      <h3 id={headingId} className="text-sm font-semibold text-neutral-900">
        {st.heading}
      </h3>
      <p className="text-xs text-neutral-700">{st.intro}</p>
      {schedules.pending.length ? (
        <ul className="flex flex-col gap-1.5">
          {schedules.pending.map((s) => (
            <li key={s.id} data-pending-schedule={s.action} className="flex items-center justify-between gap-2 text-sm">
              <span>
                <span className="font-medium">
                  {s.action === 'publish'
                    ? st.publishScheduled(formatScheduleTime(s.dueAt))
                    : st.unpublishScheduled(formatScheduleTime(s.dueAt))}
                </span>
                <span className="block text-xs text-neutral-700">{st.dashboardBy(s.username)}</span>
              </span>
              <button
                type="button"
                className={buttonClass.secondary}
                disabled={busy || s.status !== 'pending'}
                aria-label={st.cancelLabel(s.action)}
                onClick={() => void cancel(s.id)}
              >
                {st.cancel}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {failed ? (
        <p className={chrome.alert} data-schedule-failed="">
          {st.failed(formatScheduleTime(failed.dueAt), failed.error ?? '')}
        </p>
      ) : null}
      <div className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-2 text-sm">
        <label htmlFor={actionId} className="text-neutral-700">
          {st.actionLabel}
        </label>
        <select
          id={actionId}
          className={chrome.input}
          value={action}
          onChange={(e) => setAction(e.target.value === 'unpublish' ? 'unpublish' : 'publish')}
        >
          <option value="publish">{st.dashboardAction.publish}</option>
          <option value="unpublish">{st.dashboardAction.unpublish}</option>
        </select>
        <span id={groupId} className="col-span-2 text-neutral-700">
          {st.atLabel}
        </span>
        <label htmlFor={dateId} className="text-neutral-700">
          {sc.date}
        </label>
        <input
          id={dateId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className={chrome.input}
          value={fields.date}
          aria-invalid={error || (fields.date && typed.badDate) ? true : undefined}
          aria-describedby={`${groupId} ${readingId}${error ? ` ${errorId}` : ''}`}
          onChange={(e) => setFields({ ...fields, date: e.target.value })}
        />
        <label htmlFor={timeId} className="text-neutral-700">
          {sc.time}
        </label>
        <input
          id={timeId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className={chrome.input}
          value={fields.time}
          aria-invalid={error || (fields.time && typed.badTime) ? true : undefined}
          aria-describedby={`${groupId} ${readingId}${error ? ` ${errorId}` : ''}`}
          onChange={(e) => setFields({ ...fields, time: e.target.value })}
        />
        <p id={readingId} data-schedule-reading="" className="col-start-2 text-xs text-neutral-700" aria-live="polite">
          {typed.at ? (reading(typed.at) ?? '') : typed.badDate ? sc.badDate : sc.badTime}
        </p>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-darker">
          {error}
        </p>
      ) : null}
      <button type="button" className={buttonClass.secondary} disabled={busy || !at} aria-busy={busy} onClick={() => void schedule()}>
        {action === 'publish' ? st.schedulePublish : st.scheduleUnpublish}
      </button>
    </section>
  )
}
