/**
 * 'Edit Listing' (spec 02 §2.3, §4): Sync with ATDW (non-custom products), Sync with BookEasy
 * (custom listings), Save; each wrapped field linked (read-only, kept up to date by the sync) or
 * unlinked (the editor's value, kept by the sync); the reconnect modal; custom categories.
 */
import { useEffect, useId, useState } from 'react'
import { useRevalidator } from 'react-router'
import { activeStatuses, isLinked, type Listing, type WrappedFieldKey } from '#lib/listings'
import { listingTexts } from '#lib/texts'
import { getApi, messageOf, postApi } from '#ui/api.ts'
import { buttonClass, ErrorAlert, SelectInput, TextArea, TextInput } from '#ui/editor/fields.tsx'
import { ImageField } from '../../editor/common/ImageField.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { Modal } from '../../editor/surfaces/Modal.tsx'
import { toastSuccess } from '../../editor/toast.ts'
import { editorTexts } from '#lib/editor-texts'
import {
  addCustomCategory,
  canLink,
  editableFields,
  isReadOnly,
  link,
  removeCustomCategory,
  saveBody,
  setValue,
  statusEditable,
  unlink,
  unlinkedProviderFields,
} from './listing-edits.ts'

const t = listingTexts.editor
const toasts = listingTexts.toasts

/** A listing call's answer: the listing as stored, and the message to show. */
type Answer = { listing: Listing; message?: string }

export function ListingEditor({ listingId, pagePublished }: { listingId: string; pagePublished: boolean }) {
  const [listing, setListing] = useState<Listing | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState<null | 'save' | 'atdw' | 'bookEasy'>(null)
  const [reconnecting, setReconnecting] = useState(false)
  const revalidator = useRevalidator()

  useEffect(() => {
    const controller = new AbortController()
    getApi('/listing/findById', { id: listingId }, { signal: controller.signal })
      .then(setListing)
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(err))
      })
    return () => controller.abort()
  }, [listingId])

  if (!listing) return error ? <ErrorAlert message={error} /> : <p>{listingTexts.grid.loading}</p>

  async function run(kind: 'save' | 'atdw' | 'bookEasy', call: () => Promise<Answer>, fallback: string, note?: string) {
    setBusy(kind)
    setError(null)
    try {
      const answer = await call()
      setListing(answer.listing)
      toastSuccess(answer.message || fallback, note)
      // The page behind the sidebar shows the saved values.
      void revalidator.revalidate()
    } catch (err) {
      // Spec 02 §8: no failure toast for listing calls; the message shows in the panel.
      setError(messageOf(err))
    } finally {
      setBusy(null)
    }
  }

  const current = listing
  const save = (next: Listing = current) =>
    run(
      'save',
      () => postApi('/listing/save', { listing: saveBody(next) }),
      toasts.listingSaved,
      // The spec's toast, and what it means: the listing page publishes the listing.
      pagePublished ? editorTexts.listing.savedNotePublished : editorTexts.listing.savedNote,
    )
  const syncAtdw = () => run('atdw', () => postApi('/listing/syncListing', { listingId: current._id }), toasts.listingSynced)
  const syncBookEasy = () => run('bookEasy', () => getApi('/listing/updateWithBookEasy', { _id: current._id }), toasts.listingBookEasy)

  const reconnectable = unlinkedProviderFields(listing)
  return (
    <form
      className="flex flex-col gap-5"
      aria-label={t.title}
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <div className="flex flex-wrap gap-2">
        {!listing.isCustom && listing.listingType === 'product' ? (
          <button type="button" className={buttonClass.secondary} disabled={busy !== null} onClick={() => void syncAtdw()}>
            {t.syncAtdw}
          </button>
        ) : null}
        {listing.isCustom ? (
          <button type="button" className={buttonClass.secondary} disabled={busy !== null} onClick={() => void syncBookEasy()}>
            {t.syncBookEasy}
          </button>
        ) : null}
        <button type="submit" className={buttonClass.primary} disabled={busy !== null}>
          {t.save}
        </button>
      </div>
      <ErrorAlert message={error} />
      {!listing.isCustom ? (
        <div>
          <button
            type="button"
            className={`${buttonClass.secondary} ${buttonClass.small}`}
            onClick={() => setReconnecting(true)}
            aria-haspopup="dialog"
          >
            {t.reconnect}
          </button>
        </div>
      ) : null}

      {editableFields.map((key) => (
        <WrappedField key={key} listing={listing} field={key} pagePublished={pagePublished} onChange={setListing} />
      ))}

      <CustomCategories listing={listing} onChange={setListing} />

      {listing.isCustom ? (
        <>
          <TextInput
            label={t.bookEasyCode}
            value={listing.bookEasyCode}
            maxLength={100}
            onChange={(event) => setListing({ ...listing, bookEasyCode: event.target.value })}
          />
          <TextInput
            label={t.bookEasyDefaultDate}
            value={listing.bookEasyDefaultDate}
            maxLength={10}
            placeholder="DD/MM/YYYY"
            pattern="\d{1,2}/\d{1,2}/\d{4}"
            onChange={(event) => setListing({ ...listing, bookEasyDefaultDate: event.target.value })}
          />
        </>
      ) : null}

      <Modal open={reconnecting} onOpenChange={setReconnecting} title={t.reconnectTitle} description={t.reconnectIntro} width="narrow">
        {reconnectable.length ? (
          <ul className="flex flex-col divide-y divide-neutral-200">
            {reconnectable.map(({ key, path }) => (
              <li key={key} className="flex items-center justify-between gap-4 py-3">
                <span>
                  <span className="block font-medium">{t.fields[key]}</span>
                  <span className="block text-xs text-neutral-600">{t.providerField(path)}</span>
                </span>
                <button
                  type="button"
                  className={`${buttonClass.secondary} ${buttonClass.small}`}
                  aria-label={`${t.link} ${t.fields[key]}`}
                  onClick={() => {
                    const next = link(listing, key)
                    setListing(next)
                    void save(next)
                  }}
                >
                  {t.link}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t.allLinked}</p>
        )}
      </Modal>
    </form>
  )
}

function WrappedField({
  listing,
  field,
  pagePublished,
  onChange,
}: {
  listing: Listing
  field: WrappedFieldKey
  pagePublished: boolean
  onChange: (next: Listing) => void
}) {
  const label = t.fields[field]
  const linked = isLinked(listing[field])
  const readOnly = isReadOnly(listing, field)
  const hint = linked ? `${t.linked} (${listing[field].path})` : undefined
  let input
  if (field === 'description') {
    input = (
      <TextArea
        label={label}
        hint={hint}
        rows={8}
        value={listing.description.value}
        readOnly={readOnly}
        onChange={(event) => onChange(setValue(listing, 'description', event.target.value))}
      />
    )
  } else if (field === 'activeStatus') {
    const editable = statusEditable(listing, pagePublished)
    input = (
      <SelectInput
        label={label}
        hint={editable ? hint : t.statusLocked}
        value={listing.activeStatus.value}
        disabled={!editable}
        options={activeStatuses.map((s) => ({ value: s, label: s }))}
        onChange={(event) => onChange(setValue(listing, 'activeStatus', event.target.value as Listing['activeStatus']['value']))}
      />
    )
  } else if (field === 'image') {
    const image = listing.image.value
    input =
      listing.isCustom && !readOnly ? (
        <ImageField
          label={label}
          value={image.imageId ?? ''}
          onChange={(imageId) => onChange(setValue(listing, 'image', { ...image, imageId, url: undefined }))}
        />
      ) : (
        <TextInput label={label} hint={hint} value={image.url ?? image.imageId ?? ''} readOnly />
      )
  } else {
    const key = field
    input = (
      <TextInput
        label={label}
        hint={hint}
        value={listing[key].value}
        readOnly={readOnly}
        onChange={(event) => onChange(setValue(listing, key, event.target.value))}
      />
    )
  }
  return (
    <div
      className={`rounded-md p-3 ring-1 ${linked ? 'bg-neutral-50 ring-neutral-200' : 'ring-transparent'}`}
      data-field={field}
      data-linked={linked || undefined}
    >
      {input}
      {canLink(listing, field) ? (
        <button
          type="button"
          className={`${chrome.link} mt-2`}
          aria-label={`${linked ? t.unlink : t.link} ${label}`}
          onClick={() => onChange(linked ? unlink(listing, field) : link(listing, field))}
        >
          {linked ? t.unlink : t.link}
        </button>
      ) : null}
    </div>
  )
}

function CustomCategories({ listing, onChange }: { listing: Listing; onChange: (next: Listing) => void }) {
  const [name, setName] = useState('')
  const id = useId()
  const add = () => {
    onChange(addCustomCategory(listing, name))
    setName('')
  }
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className={chrome.label}>{t.customCategories}</legend>
      <ul className="flex flex-wrap gap-2">
        {listing.customCategories.value.map((category) => (
          <li key={category} className="inline-flex items-center gap-1 rounded-full bg-neutral-100 py-1 pr-1 pl-3 text-xs font-semibold">
            {category}
            <button
              type="button"
              aria-label={t.removeCategory(category)}
              className="rounded-full px-2 hover:bg-neutral-200"
              onClick={() => onChange(removeCustomCategory(listing, category))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          {t.addCategory}
        </label>
        <input
          id={id}
          className={`${chrome.input} ${chrome.focus}`}
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              add()
            }
          }}
        />
        <button type="button" className={`${buttonClass.secondary} shrink-0`} onClick={add} disabled={!name.trim()}>
          {t.addCategory}
        </button>
      </div>
    </fieldset>
  )
}
