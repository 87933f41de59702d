import { useId, type ReactNode } from 'react'
import { linkTypes, type Link } from '#lib/content'
import { buttonClass, RowButton, SelectInput, TextInput } from '#ui/editor/fields.tsx'
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from '../icons.tsx'
import { PublishBlockedNote, useCurrentUser } from '../team/current-user.tsx'
import { canMove, emptyLink, moveAt, removeAt, replaceAt } from './edits.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.siteDocs
const typeOptions = linkTypes.map((type) => ({ value: type, label: type.charAt(0).toUpperCase() + type.slice(1) }))
const isLinkType = (value: string): value is Link['type'] => (linkTypes as readonly string[]).includes(value)

/** Text, address and kind of one link. */
export function LinkFields<T extends Pick<Link, 'text' | 'href' | 'type'>>({ link, onChange }: { link: T; onChange: (link: T) => void }) {
  return (
    <div className="grid grid-cols-2 gap-2">
      <TextInput label={t.text} value={link.text} onChange={(e) => onChange({ ...link, text: e.target.value })} />
      <SelectInput
        label={t.linkType}
        value={link.type}
        options={typeOptions}
        onChange={(e) => {
          if (isLinkType(e.target.value)) onChange({ ...link, type: e.target.value })
        }}
      />
      <div className="col-span-2">
        <TextInput label={t.href} value={link.href} spellCheck={false} onChange={(e) => onChange({ ...link, href: e.target.value })} />
      </div>
    </div>
  )
}

/** Move up, Move down and Remove for one row of a list, named after the row. */
export function RowActions({
  name,
  index,
  length,
  onMove,
  onRemove,
}: {
  name: string
  index: number
  length: number
  onMove: (delta: -1 | 1) => void
  onRemove: () => void
}) {
  return (
    <div className="flex gap-1">
      <RowButton label={`${t.moveUp}: ${name}`} disabled={!canMove(length, index, -1)} onClick={() => onMove(-1)}>
        <ArrowUpIcon />
      </RowButton>
      <RowButton label={`${t.moveDown}: ${name}`} disabled={!canMove(length, index, 1)} onClick={() => onMove(1)}>
        <ArrowDownIcon />
      </RowButton>
      <RowButton label={`${t.remove}: ${name}`} onClick={onRemove}>
        <TrashIcon />
      </RowButton>
    </div>
  )
}

/** A titled box of fields: a fieldset named for assistive technology, with its row actions. */
export function Box({ name, actions, children }: { name: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <fieldset aria-label={name} className="flex flex-col gap-3 rounded-md border border-neutral-200 p-3">
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">{name}</span>
        {actions}
      </div>
      {children}
    </fieldset>
  )
}

/**
 * A list edited as boxes: each row named, moved up or down, removed; and a button to add a row.
 * Links, link groups and social links are all edited with it.
 */
export function ListEditor<T>({
  items,
  onChange,
  rowName,
  renderRow,
  newItem,
  addLabel,
  addAriaLabel,
}: {
  items: readonly T[]
  onChange: (items: T[]) => void
  rowName: (index: number) => string
  renderRow: (item: T, update: (next: T) => void, name: string) => ReactNode
  newItem: () => T
  addLabel: string
  addAriaLabel?: string
}) {
  return (
    <div className="flex flex-col gap-2">
      <ol className="flex flex-col gap-2">
        {items.map((item, i) => {
          const name = rowName(i)
          return (
            <li key={i}>
              <Box
                name={name}
                actions={
                  <RowActions
                    name={name}
                    index={i}
                    length={items.length}
                    onMove={(d) => onChange(moveAt(items, i, d))}
                    onRemove={() => onChange(removeAt(items, i))}
                  />
                }
              >
                {renderRow(item, (next) => onChange(replaceAt(items, i, next)), name)}
              </Box>
            </li>
          )
        })}
      </ol>
      <AddButton label={addLabel} ariaLabel={addAriaLabel} onClick={() => onChange([...items, newItem()])} />
    </div>
  )
}

/** The small 'add …' button under an editable list. */
export function AddButton({ label, ariaLabel, onClick }: { label: string; ariaLabel?: string | undefined; onClick: () => void }) {
  return (
    <button type="button" className={`${buttonClass.secondary} ${buttonClass.small} self-start`} onClick={onClick} aria-label={ariaLabel}>
      <PlusIcon />
      {label}
    </button>
  )
}

/** A list of links: each with its fields, moved up or down, removed; and a button to add one. */
export function LinkListEditor({
  links,
  onChange,
  namePrefix,
}: {
  links: readonly Link[]
  onChange: (links: Link[]) => void
  namePrefix: string
}) {
  return (
    <ListEditor
      items={links}
      onChange={onChange}
      rowName={(i) => `${namePrefix} ${editorTexts.nav.link(i + 1)}`}
      renderRow={(link, update) => <LinkFields link={link} onChange={update} />}
      newItem={emptyLink}
      addLabel={editorTexts.nav.addLink}
      addAriaLabel={`${editorTexts.nav.addLink}: ${namePrefix}`}
    />
  )
}

/** The Save, Publish and Discard buttons under a site document's form, with its unsaved-changes note. */
export function SiteDocActions({
  isDirty,
  busy,
  onSave,
  onPublish,
  onDiscard,
}: {
  isDirty: boolean
  busy: string | null
  onSave: () => void
  onPublish: () => void
  onDiscard: () => void
}) {
  const { mayPublish } = useCurrentUser()
  const reasonId = useId()
  return (
    <div className="sticky bottom-0 -mx-5 -mb-4 flex flex-col gap-2 border-t border-neutral-200 bg-white px-5 py-3">
      <p role="status" className={isDirty ? 'text-xs font-medium text-red-darker' : 'text-xs text-neutral-600'}>
        {isDirty ? t.unsaved : editorTexts.pagePanel.allSaved}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass.primary} disabled={busy !== null} aria-busy={busy === 'save'} onClick={onSave}>
          {t.save}
        </button>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={busy !== null || !mayPublish}
          aria-describedby={mayPublish ? undefined : reasonId}
          aria-busy={busy === 'publish'}
          onClick={onPublish}
        >
          {t.publish}
        </button>
        {isDirty ? (
          <button type="button" className={`${buttonClass.secondary}`} disabled={busy !== null} onClick={onDiscard}>
            {t.discard}
          </button>
        ) : null}
      </div>
      <PublishBlockedNote id={reasonId} />
    </div>
  )
}
