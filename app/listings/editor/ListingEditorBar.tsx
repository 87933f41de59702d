/**
 * The editor's listing actions on a listing page (its own lazy chunk, loaded by app/routes/listing.tsx
 * for signed-in editors only): 'Edit Listing' opens the listing editor in the sidebar, 'New listing'
 * creates a custom listing (and its page) and opens it.
 */
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { newCustomListing } from '#lib/listings'
import { listingTexts } from '#lib/texts'
import { messageOf, postApi } from '#ui/api.ts'
import { buttonClass, ErrorAlert, TextInput } from '#ui/editor/fields.tsx'
import { Modal } from '../../editor/surfaces/Modal.tsx'
import { Sidebar } from '../../editor/surfaces/Sidebar.tsx'
import { toastSuccess } from '../../editor/toast.ts'
import { ListingEditor } from './ListingEditor.tsx'

const t = listingTexts.editor

export default function ListingEditorBar({ listingId, pagePublished }: { listingId: string; pagePublished: boolean }) {
  const [editing, setEditing] = useState(false)
  const [creating, setCreating] = useState(false)
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className={buttonClass.primary} onClick={() => setEditing(true)} aria-haspopup="dialog">
        {t.open}
      </button>
      <button type="button" className={buttonClass.secondary} onClick={() => setCreating(true)} aria-haspopup="dialog">
        {t.newListing}
      </button>
      <Sidebar open={editing} onOpenChange={setEditing} side="right" title={t.title}>
        {editing ? <ListingEditor listingId={listingId} pagePublished={pagePublished} /> : null}
      </Sidebar>
      <Modal open={creating} onOpenChange={setCreating} title={t.newListing} width="narrow">
        {creating ? <NewListingForm onCreated={() => setCreating(false)} /> : null}
      </Modal>
    </div>
  )
}

/** Creates the custom listing (and its page), closes the modal and goes to the new page. */
function NewListingForm({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const navigate = useNavigate()

  async function create() {
    if (!name.trim()) return
    setBusy(true)
    setError(null)
    try {
      const listing = newCustomListing(`custom-${crypto.randomUUID()}`, name.trim())
      const saved = await postApi('/listing/save', { listing })
      toastSuccess(saved.message || listingTexts.toasts.listingSaved)
      onCreated()
      await navigate(`/${saved.listing.slug}`)
    } catch (err) {
      setError(messageOf(err))
      setBusy(false)
    }
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        void create()
      }}
    >
      <ErrorAlert message={error} />
      <TextInput
        label={t.newListingName}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        maxLength={200}
        autoFocus
      />
      <div>
        <button type="submit" className={buttonClass.primary} disabled={busy || !name.trim()}>
          {t.create}
        </button>
      </div>
    </form>
  )
}
