import { useCallback, useEffect, useId, useState, type FormEvent } from 'react'
import { formatSiteTime, TEAM_ROLES, teamRoleInfo, teamTexts, type TeamRole } from '#lib/team'
import { messageOf } from '#ui/api.ts'
import { ConfirmDialog } from '../common/ConfirmDialogs.tsx'
import { buttonClass, ErrorAlert, SelectInput, TextInput } from '#ui/editor/fields.tsx'
import { toastError, toastSuccess } from '../toast.ts'
import { useCurrentUser } from './current-user.tsx'
import { teamApi, type TeamMember } from './team-api.ts'

const t = teamTexts.editors
const roleOptions = TEAM_ROLES.map((r) => ({ value: r, label: `${teamRoleInfo[r].label}: ${teamRoleInfo[r].description}` }))

type Pending = { kind: 'deactivate' | 'withdraw'; member: TeamMember } | null

/** Admins: the team with roles and last sign-in; invite, resend or withdraw, change roles, deactivate. */
export function EditorsPanel() {
  const { user } = useCurrentUser()
  const [members, setMembers] = useState<TeamMember[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [confirm, setConfirm] = useState<Pending>(null)
  // The last invitation link handed out, shown so it can be copied by hand too (issue 31 point 5).
  const [shownLink, setShownLink] = useState<{ name: string; link: string } | null>(null)

  const reload = useCallback(() => {
    teamApi
      .list()
      .then((list) => {
        setMembers(list)
        setError(null)
      })
      .catch((err: unknown) => setError(messageOf(err)))
  }, [])
  useEffect(reload, [reload])

  async function run(key: string, action: () => Promise<string>) {
    setBusy(key)
    try {
      toastSuccess(await action())
      reload()
    } catch (err) {
      toastError(messageOf(err))
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <ErrorAlert message={error} />
      {shownLink ? <InvitationLink {...shownLink} /> : null}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label={t.heading}>
          <thead className="border-b border-neutral-200 text-xs text-neutral-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t.columns.name}
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t.columns.role}
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t.columns.status}
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t.columns.lastSignIn}
              </th>
              <th scope="col" className="py-2 font-semibold">
                {t.columns.actions}
              </th>
            </tr>
          </thead>
          <tbody>
            {(members ?? []).map((m) => {
              const self = m._id === user?._id
              return (
                <tr key={m._id} data-editor-row={m.username} className="border-b border-neutral-100 align-middle">
                  <td className="py-2 pr-3">
                    <span className="font-medium">{m.username}</span> {self ? <span className="text-neutral-600">{t.you}</span> : null}
                    <br />
                    <span className="text-xs text-neutral-600">{m.email}</span>
                  </td>
                  <td className="py-2 pr-3">
                    {m.status === 'deactivated' ? (
                      (m.role && teamRoleInfo[m.role].label) || t.noRole
                    ) : (
                      <select
                        aria-label={t.roleOf(m.username)}
                        className="rounded-md border border-neutral-300 bg-white px-2 py-1 text-sm"
                        value={m.role ?? ''}
                        disabled={busy !== null}
                        onChange={(e) => {
                          const role = e.target.value as TeamRole
                          void run(`role-${m._id}`, async () => {
                            await teamApi.setRole(m._id, role)
                            return t.roleChanged(m.username, teamRoleInfo[role].label)
                          })
                        }}
                      >
                        {m.role ? null : <option value="">{t.noRole}</option>}
                        {TEAM_ROLES.map((r) => (
                          <option key={r} value={r}>
                            {teamRoleInfo[r].label}
                          </option>
                        ))}
                      </select>
                    )}
                  </td>
                  <td className="py-2 pr-3">{t.status[m.status]}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{m.lastSignInAt ? formatSiteTime(m.lastSignInAt) : t.never}</td>
                  <td className="py-2">
                    <div className="flex flex-wrap gap-2">
                      {m.status === 'pending' ? (
                        <>
                          <button
                            type="button"
                            className={`${buttonClass.secondary} ${buttonClass.small}`}
                            disabled={busy !== null}
                            onClick={() =>
                              void run(`resend-${m._id}`, async () => {
                                await teamApi.resendInvite(m._id)
                                return t.resent(m.email)
                              })
                            }
                          >
                            {t.resend}
                          </button>
                          <button
                            type="button"
                            className={`${buttonClass.secondary} ${buttonClass.small}`}
                            disabled={busy !== null}
                            onClick={() =>
                              void run(`link-${m._id}`, async () => {
                                const { link } = await teamApi.inviteLink(m._id)
                                setShownLink({ name: m.username, link })
                                // The clipboard needs a secure page and may be refused: the link is shown either way.
                                const copied = await navigator.clipboard?.writeText(link).then(
                                  () => true,
                                  () => false,
                                )
                                return copied ? t.linkCopied(m.username) : t.linkShown(m.username)
                              })
                            }
                          >
                            {t.copyLink}
                          </button>
                          <button
                            type="button"
                            className={`${buttonClass.danger} ${buttonClass.small}`}
                            disabled={busy !== null}
                            onClick={() => setConfirm({ kind: 'withdraw', member: m })}
                          >
                            {t.withdraw}
                          </button>
                        </>
                      ) : m.status === 'active' ? (
                        <button
                          type="button"
                          className={`${buttonClass.danger} ${buttonClass.small}`}
                          disabled={busy !== null}
                          onClick={() => setConfirm({ kind: 'deactivate', member: m })}
                        >
                          {t.deactivate}
                          <span className="sr-only"> {m.username}</span>
                        </button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>

      <InviteForm onInvited={reload} />

      <section aria-labelledby="team-roles-heading">
        <h3 id="team-roles-heading" className="mb-2 font-sans font-semibold">
          {t.rolesHeading}
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {TEAM_ROLES.map((r) => (
            <div key={r} className="contents">
              <dt className="font-medium">{teamRoleInfo[r].label}</dt>
              <dd className="text-neutral-700">{teamRoleInfo[r].description}</dd>
            </div>
          ))}
        </dl>
      </section>

      <ConfirmDialog
        open={confirm !== null}
        description={
          confirm
            ? confirm.kind === 'deactivate'
              ? t.deactivateConfirm(confirm.member.username)
              : t.withdrawConfirm(confirm.member.username)
            : ''
        }
        confirmLabel={confirm?.kind === 'withdraw' ? t.withdraw : t.deactivate}
        busy={busy !== null}
        onOpenChange={(open) => {
          if (!open) setConfirm(null)
        }}
        onConfirm={() => {
          const pending = confirm
          if (!pending) return
          setConfirm(null)
          void run(`${pending.kind}-${pending.member._id}`, async () => {
            if (pending.kind === 'withdraw') {
              await teamApi.withdrawInvite(pending.member._id)
              return t.withdrawn
            }
            await teamApi.deactivate(pending.member._id)
            return t.deactivated(pending.member.username)
          })
        }}
      />
    </div>
  )
}

/** The link handed out, selectable: where the clipboard is refused it is copied from here. */
function InvitationLink({ name, link }: { name: string; link: string }) {
  const id = useId()
  return (
    <div className="rounded-md bg-neutral-50 p-3 ring-1 ring-neutral-200" data-invitation-link="">
      <label htmlFor={id} className="block text-sm font-medium text-neutral-800">
        {t.linkFor(name)}
      </label>
      <input
        id={id}
        readOnly
        value={link}
        aria-describedby={`${id}-help`}
        className="mt-1 block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 font-mono text-xs text-neutral-900"
        onFocus={(e) => e.currentTarget.select()}
      />
      <p id={`${id}-help`} className="mt-1 text-xs text-neutral-600">
        {t.linkHelp}
      </p>
    </div>
  )
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const [username, setUsername] = useState('')
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<TeamRole>('editor')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await teamApi.invite({ username, email, role })
      toastSuccess(t.invited(email))
      setUsername('')
      setEmail('')
      setRole('editor')
      onInvited()
    } catch (err) {
      // Kept in the form with the server's reason, so nothing typed is lost.
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-3 rounded-md bg-neutral-50 p-4 ring-1 ring-neutral-200"
      aria-labelledby="invite-heading"
    >
      <h3 id="invite-heading" className="font-sans font-semibold">
        {t.inviteHeading}
      </h3>
      <ErrorAlert message={error} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput
          label={t.username}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          required
          minLength={3}
          autoComplete="off"
        />
        <TextInput label={t.email} type="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="off" />
      </div>
      <SelectInput label={t.role} value={role} onChange={(e) => setRole(e.target.value as TeamRole)} options={roleOptions} />
      <div>
        <button type="submit" className={buttonClass.primary} disabled={busy} aria-busy={busy}>
          {t.invite}
        </button>
      </div>
    </form>
  )
}
