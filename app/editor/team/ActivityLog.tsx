import { useEffect, useMemo, useState } from 'react'
import {
  ACTIVITY_KINDS,
  activityKindLabel,
  describeActivity,
  formatSiteTime,
  teamTexts,
  type ActivityEntry,
  type ActivityKind,
} from '#lib/team'
import { formatDmy, parseDate, toIsoDate } from '#lib/dates'
import { messageOf } from '#ui/api.ts'
import { ErrorAlert, SelectInput, TextInput } from '#ui/editor/fields.tsx'
import { useCurrentUser } from './current-user.tsx'
import { teamApi, type ActivityQuery } from './team-api.ts'
import { editorTexts } from '#lib/editor-texts'

const t = teamTexts.activity
const kindOptions = [{ value: '', label: t.anything }, ...ACTIVITY_KINDS.map((k) => ({ value: k, label: activityKindLabel[k] }))]

/** Entries for a query, loaded again when it changes (the newer answer wins). */
function useActivity(query: ActivityQuery) {
  const [entries, setEntries] = useState<ActivityEntry[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const key = JSON.stringify(query)
  useEffect(() => {
    const controller = new AbortController()
    teamApi
      .activity(JSON.parse(key) as ActivityQuery, controller.signal)
      .then((list) => {
        setEntries(list)
        setError(null)
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(err))
      })
    return () => controller.abort()
  }, [key])
  return { entries, error }
}

export function ActivityTable({ entries, caption }: { entries: ActivityEntry[]; caption: string }) {
  if (!entries.length) return <p className="text-neutral-700">{t.empty}</p>
  return (
    <table className="w-full text-left text-sm" aria-label={caption}>
      <thead className="border-b border-neutral-200 text-xs text-neutral-600">
        <tr>
          <th scope="col" className="py-2 pr-3 font-semibold">
            {t.columns.when}
          </th>
          <th scope="col" className="py-2 pr-3 font-semibold">
            {t.columns.who}
          </th>
          <th scope="col" className="py-2 font-semibold">
            {t.columns.what}
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id} data-activity={`${e.username ?? ''} ${e.action} ${e.subject}`} className="border-b border-neutral-100 align-top">
            <td className="py-1.5 pr-3 whitespace-nowrap tabular-nums">
              <time dateTime={e.at}>{formatSiteTime(e.at)}</time>
            </td>
            <td className="py-1.5 pr-3 font-medium">{e.username ?? t.someone}</td>
            <td className="py-1.5">{describeActivity(e)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The dashboard's first tab: the latest ten changes. */
export function LatestActivity({ onShowAll }: { onShowAll: () => void }) {
  const { entries, error } = useActivity({ limit: 10 })
  return (
    <div className="flex flex-col gap-3">
      <ErrorAlert message={error} />
      {entries ? (
        entries.length ? (
          <ActivityTable entries={entries} caption={teamTexts.tabs.latest} />
        ) : (
          <p>{teamTexts.latestEmpty}</p>
        )
      ) : null}
      <div>
        <button
          type="button"
          className="text-sm font-medium text-red underline underline-offset-2 hover:text-red-darker"
          onClick={onShowAll}
        >
          {teamTexts.showAll}
        </button>
      </div>
    </div>
  )
}

/** The whole log, filtered by person, kind and days (in the site's time zone). */
export function ActivityLogPanel() {
  const { isAdmin } = useCurrentUser()
  const [query, setQuery] = useState<ActivityQuery>({ limit: 200 })
  const [people, setPeople] = useState<{ value: string; label: string }[]>([])
  const { entries, error } = useActivity(query)

  // Admins pick from the whole team.
  useEffect(() => {
    if (isAdmin) {
      teamApi
        .list()
        .then((list) => setPeople(list.map((m) => ({ value: m._id, label: m.username }))))
        .catch(() => setPeople([]))
    }
  }, [isAdmin])
  // Non-admins (who cannot list the team) choose among the people the loaded entries name.
  const logPeople = useMemo(() => {
    const seen = new Map<string, string>()
    for (const e of entries ?? []) if (e.userId && e.username) seen.set(e.userId, e.username)
    return [...seen].map(([value, label]) => ({ value, label }))
  }, [entries])
  const choices = isAdmin ? people : logPeople

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-4">
        <SelectInput
          label={t.person}
          value={query.userId ?? ''}
          onChange={(e) => setQuery({ ...query, userId: e.target.value || undefined })}
          options={[{ value: '', label: t.anyone }, ...choices]}
        />
        <SelectInput
          label={t.kind}
          value={query.kind ?? ''}
          onChange={(e) => setQuery({ ...query, kind: (e.target.value || undefined) as ActivityKind | undefined })}
          options={kindOptions}
        />
        <DayInput label={t.from} day={query.from} onDay={(from) => setQuery({ ...query, from })} />
        <DayInput label={t.to} day={query.to} onDay={(to) => setQuery({ ...query, to })} />
      </div>
      <p className="text-xs text-neutral-600">{t.timeZoneNote}</p>
      <ErrorAlert message={error} />
      {entries ? <ActivityTable entries={entries} caption={teamTexts.tabs.activity} /> : null}
    </div>
  )
}

/**
 * A day typed as DD/MM/YYYY, the site's date format (a browser's date input shows its own locale's,
 * mm/dd/yyyy in many): the filter follows once the text is a real date, or is cleared with it.
 */
function DayInput({ label, day, onDay }: { label: string; day: string | undefined; onDay: (isoDay: string | undefined) => void }) {
  const [typed, setTyped] = useState(() => formatDmy(parseDate(day)))
  const invalid = typed.trim() !== '' && !toIsoDate(typed)
  return (
    <TextInput
      label={label}
      inputMode="numeric"
      placeholder="DD/MM/YYYY"
      autoComplete="off"
      value={typed}
      error={invalid ? editorTexts.blocks.dateInvalid : undefined}
      onChange={(e) => {
        const text = e.target.value
        setTyped(text)
        if (!text.trim()) onDay(undefined)
        else {
          const isoDay = toIsoDate(text)
          if (isoDay) onDay(isoDay)
        }
      }}
    />
  )
}
