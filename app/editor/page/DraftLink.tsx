import { useState } from 'react'
import { draftLinkTexts as d } from '#lib/draft-link'
import { formatSiteTime } from '#lib/team'
import { messageOf, postApi } from '#ui/api.ts'
import { buttonClass, ErrorAlert, TextInput } from '#ui/editor/fields.tsx'
import { toastSuccess } from '../toast.ts'

/** Page Settings → Share draft (issue 17 point 7): signs a link to the page's current draft, to copy and send. */
export function DraftLink({ pageId, unsaved }: { pageId: string; unsaved: boolean }) {
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function create() {
    setBusy(true)
    setError(null)
    try {
      const { path, expiresAt } = await postApi<{ path: string; expiresAt: string }>('/draftLink/create', { id: pageId })
      setLink({ url: `${window.location.origin}${path}`, expiresAt })
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
    </div>
  )
}
