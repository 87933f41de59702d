import { useCallback, useEffect, useState } from 'react'
import { draftLinkTexts as d } from '#lib/draft-link'
import { formatSiteTime } from '#lib/team'
import { messageOf, postApi } from '#ui/api.ts'
import { buttonClass, ErrorAlert, TextInput } from '#ui/editor/fields.tsx'
import { toastSuccess } from '../toast.ts'

interface IssuedLink {
  id: string
  createdAt: string
  createdBy: string | null
  expiresAt: string
}

/**
 * Page Settings → Share draft (issue 17 point 7): signs a link to the page's current draft, to copy
 * and send; lists the page's links still in use, each of which can be revoked here (issue 29 point 10).
 */
export function DraftLink({ pageId, unsaved }: { pageId: string; unsaved: boolean }) {
  const [link, setLink] = useState<{ id: string; url: string; expiresAt: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [issued, setIssued] = useState<IssuedLink[] | null>(null)

  const fetchIssued = useCallback(() => postApi('/draftLink/list', { id: pageId }).then((r) => r.links), [pageId])
  const refresh = async () => {
    try {
      setIssued(await fetchIssued())
    } catch (err) {
      setError(messageOf(err))
    }
  }
  useEffect(() => {
    fetchIssued()
      .then(setIssued)
      .catch((err: unknown) => setError(messageOf(err)))
  }, [fetchIssued])

  async function revoke(id: string) {
    setError(null)
    try {
      await postApi('/draftLink/revoke', { id })
      toastSuccess(d.revoked)
      // The link just made was the one revoked: it is no longer offered for copying.
      if (link?.id === id) setLink(null)
      await refresh()
    } catch (err) {
      setError(messageOf(err))
    }
  }

  async function create() {
    setBusy(true)
    setError(null)
    try {
      const { id, path, expiresAt } = await postApi('/draftLink/create', { id: pageId })
      setLink({ id, url: `${window.location.origin}${path}`, expiresAt })
      await refresh()
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }

  async function copy() {
    if (!link) return
    try {
      await navigator.clipboard.writeText(link.url)
      toastSuccess(d.copied)
    } catch {
      // No clipboard permission: the field is selected so the editor can copy it by hand.
      document.querySelector<HTMLInputElement>('[data-draft-link]')?.select()
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-neutral-700">{d.intro}</p>
      {unsaved ? <p className="text-sm font-medium text-neutral-800">{d.unsaved}</p> : null}
      <ErrorAlert message={error} />
      <div>
        <button type="button" className={buttonClass.secondary} onClick={create} disabled={busy}>
          {busy ? d.creating : d.create}
        </button>
      </div>
      {link ? (
        <div className="flex flex-col gap-2">
          <TextInput label={d.linkLabel} value={link.url} readOnly data-draft-link="" onFocus={(e) => e.currentTarget.select()} />
          <p className="text-sm text-neutral-700">{d.expires(formatSiteTime(link.expiresAt))}</p>
          <div>
            <button type="button" className={buttonClass.primary} onClick={copy}>
              {d.copy}
            </button>
          </div>
        </div>
      ) : null}
      <section aria-labelledby="draft-links-in-use" className="flex flex-col gap-2">
        <h3 id="draft-links-in-use" className="text-sm font-semibold text-neutral-900">
          {d.inUse}
        </h3>
        {issued && issued.length === 0 ? <p className="text-sm text-neutral-700">{d.none}</p> : null}
        {issued && issued.length > 0 ? (
          <ul className="flex flex-col gap-2" data-draft-links="">
            {issued.map((l) => (
              <li key={l.id} className="flex items-center justify-between gap-3 text-sm text-neutral-800">
                <span>{d.madeBy(l.createdBy, formatSiteTime(l.createdAt), formatSiteTime(l.expiresAt))}</span>
                <button
                  type="button"
                  className={buttonClass.secondary}
                  aria-label={d.revokeLabel(formatSiteTime(l.createdAt))}
                  onClick={() => void revoke(l.id)}
                >
                  {d.revoke}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  )
}
