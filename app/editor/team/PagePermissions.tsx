import { useEffect, useState } from 'react'
import { useRevalidator } from 'react-router'
import type { Collection } from '#lib/content'
import { isTeamRole, teamRoleInfo, teamTexts } from '#lib/team'
import { messageOf, postApi } from '#ui/api.ts'
import { buttonClass, ErrorAlert } from '#ui/editor/fields.tsx'
import type { EditorPage } from '../state/types.ts'
import { toastSuccess } from '../toast.ts'
import { useCurrentUser } from './current-user.tsx'
import { teamApi } from './team-api.ts'

const t = teamTexts.permissions
/** A role as people say it: a team role by its name (Publisher), a page role as it is stored. */
const roleLabel = (name: string) => (isTeamRole(name) ? teamRoleInfo[name].label : name)

const FIELDS = [
  { field: 'viewerRoles', label: t.view },
  { field: 'editorRoles', label: t.edit },
  { field: 'publisherRoles', label: t.publish },
] as const
type Field = (typeof FIELDS)[number]['field']
type Roles = Record<Field, string[]>

const rolesOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((r): r is string => typeof r === 'string') : [])

/**
 * Page Settings' Permissions tab (issue 21): who may view, edit and publish this page
 * (roles/applyToPage). Admins change them; everyone else sees them.
 */
export function PagePermissions({ page, collection }: { page: EditorPage; collection: Collection }) {
  const { isAdmin } = useCurrentUser()
  // The roles a page document may carry (roles/applyToPage) beside its typed fields.
  const record = page as EditorPage & Partial<Record<keyof Roles, unknown>>
  const stored: Roles = {
    viewerRoles: rolesOf(record.viewerRoles),
    editorRoles: rolesOf(record.editorRoles),
    publisherRoles: rolesOf(record.publisherRoles),
  }
  const [roles, setRoles] = useState<Roles>(stored)
  const [known, setKnown] = useState<string[]>([])
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const { revalidate } = useRevalidator()

  useEffect(() => {
    if (!isAdmin) return
    teamApi
      .knownRoles()
      .then((list) => setKnown(list.filter((r) => r !== 'admin')))
      .catch((err: unknown) => setError(messageOf(err)))
  }, [isAdmin])

  const names = [...new Set([...known, ...stored.viewerRoles, ...stored.editorRoles, ...stored.publisherRoles])]

  async function save() {
    setBusy(true)
    setError(null)
    try {
      await postApi('/roles/applyToPage', { page: { _id: page._id }, collection, roles })
      toastSuccess(t.saved)
      // The route's copy of the page carries the roles; reloading it keeps the editor's unsaved edits.
      void revalidate()
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }

  if (!isAdmin) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-neutral-700">{t.adminOnly}</p>
        <ul className="list-disc pl-5">
          {FIELDS.map(({ field, label }) => (
            <li key={field}>{t.current(label, stored[field].map(roleLabel))}</li>
          ))}
        </ul>
      </div>
    )
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-neutral-700">{t.note}</p>
      <ErrorAlert message={error} />
      <div className="grid gap-4 sm:grid-cols-3">
        {FIELDS.map(({ field, label }) => (
          <fieldset key={field} className="flex flex-col gap-1.5 rounded-md p-3 ring-1 ring-neutral-200">
            <legend className="px-1 font-semibold">{label}</legend>
            {names.map((name) => (
              <label key={name} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4 accent-red"
                  checked={roles[field].includes(name)}
                  onChange={(e) =>
                    setRoles({ ...roles, [field]: e.target.checked ? [...roles[field], name] : roles[field].filter((r) => r !== name) })
                  }
                />
                {roleLabel(name)}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      <div>
        <button type="button" className={buttonClass.primary} disabled={busy} aria-busy={busy} onClick={() => void save()}>
          {t.save}
        </button>
      </div>
    </div>
  )
}
