import { useId, useState } from 'react'
import { formatScheduleTime, instantToSiteLocal, siteLocalToInstant, scheduleTexts as st, type ScheduleAction } from '#lib/schedule'
import { SITE_TIME_ZONE } from '#lib/team'
import { messageOf, postApi } from '#ui/api.ts'
import { buttonClass } from '#ui/editor/fields.tsx'
import { useEditorState } from '../state/store.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { toastError, toastSuccess } from '../toast.ts'
import { useRouteCollection } from '../use-route-page.ts'
import { usePageSaver } from './page-saver.tsx'
import { usePageSchedules } from './schedules.ts'

/** An hour from now, on the minute, as the date-time field shows it (site time). */
const defaultTime = () => instantToSiteLocal(new Date(Math.ceil((Date.now() + 3_600_000) / 60_000) * 60_000))

/**
 * The chosen time as the site writes dates ("Fri 25/12/2026 09:00 Adelaide time"): the native field
 * shows the browser's own order (MM/DD on a US-English browser), so the choice is read back here.
 */
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
  const schedules = usePageSchedules(collection, page?._id ?? null, { locale })
  const [action, setAction] = useState<ScheduleAction>('publish')
  const [at, setAt] = useState(defaultTime)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const headingId = useId()
  const actionId = useId()
  const atId = useId()
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
        <label htmlFor={atId} className="text-neutral-700">
          {st.atLabel}
        </label>
        <input
          id={atId}
          type="datetime-local"
          className={chrome.input}
          value={at}
          min={instantToSiteLocal(new Date())}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${readingId} ${errorId}` : readingId}
          onChange={(e) => setAt(e.target.value)}
        />
        <p id={readingId} data-schedule-reading="" className="col-start-2 text-xs text-neutral-700" aria-live="polite">
          {reading(at) ?? ''}
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
