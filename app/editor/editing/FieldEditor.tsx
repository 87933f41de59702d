import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react'
import { focalSchema, linkTypes, type ImageRef, type Link } from '#lib/content'
import { parseDate } from '#lib/dates'
import { getApi } from '#ui/api.ts'
import { Checkbox, SelectInput, TextArea, TextInput } from '#ui/editor/fields.tsx'
import { ImageField } from '../common/ImageField.tsx'
import { AddButton, Box, LinkListEditor, RowActions } from '../site/LinkEditors.tsx'
import { moveAt, removeAt, replaceAt } from '../site/edits.ts'
import type { FieldRef } from '../state/types.ts'
import { toastError } from '../toast.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.blocks

export interface ImageEditorPanelProps {
  value: ImageRef
  onChange(next: ImageRef): void
  cropSizes?: Record<string, { width: number; height: number }>
  freeform?: boolean
}

// The images area (app/editor/images, another engineer's) provides the full image editor; until it
// exists, a small fallback (choose or upload, alternative text) stands in.
const imageModules = import.meta.glob<{ ImageEditorPanel: ComponentType<ImageEditorPanelProps> }>('../images/ImageEditorPanel.tsx')
const imageLoader = Object.values(imageModules)[0]
const ImageEditorPanel = imageLoader ? lazy(() => imageLoader().then((m) => ({ default: m.ImageEditorPanel }))) : null

export interface FieldEditorProps {
  field: FieldRef
  value: unknown
  set: (value: unknown) => void
  /** Appends to the list (pushValue): raises the spec's error when the value is not a list. */
  push: (value: unknown) => void
}

/** The sidebar editor of one editable element, by kind (spec 01 §2.9). */
export function FieldEditor({ field, value, set, push }: FieldEditorProps) {
  const label = field.label ?? field.kind
  switch (field.kind) {
    case 'link':
      return <LinkEditor link={asLink(value)} onChange={set} />
    case 'actions':
      return <LinkListEditor links={Array.isArray(value) ? value.map(asLink) : []} onChange={set} namePrefix={label} />
    case 'list':
      return <ListFieldEditor field={field} items={Array.isArray(value) ? value : []} set={set} push={push} isList={Array.isArray(value)} />
    case 'select':
      return (
        <SelectInput
          label={label}
          value={typeof value === 'string' ? value : ''}
          options={field.options ?? []}
          onChange={(e) => set(e.target.value)}
        />
      )
    case 'anchor':
      return (
        <TextInput
          label={t.anchorId}
          hint={t.anchorHint}
          value={typeof value === 'string' ? value : ''}
          spellCheck={false}
          error={typeof value === 'string' && !/^[A-Za-z0-9_-]*$/.test(value) ? t.anchorHint : undefined}
          onChange={(e) => set(e.target.value.trim())}
        />
      )
    case 'image':
    case 'freeformImage':
      return <ImageEditor value={asImage(value)} field={field} onChange={(next) => set({ ...(isRecord(value) ? value : {}), ...next })} />
    case 'date':
      return (
        <TextInput
          label={t.date}
          value={typeof value === 'string' ? value : ''}
          error={typeof value === 'string' && value && !parseDate(value) ? t.dateInvalid : undefined}
          onChange={(e) => set(e.target.value)}
        />
      )
    default:
      return <TextArea label={label} value={typeof value === 'string' ? value : ''} onChange={(e) => set(e.target.value)} />
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isLinkType = (value: unknown): value is Link['type'] => typeof value === 'string' && (linkTypes as readonly string[]).includes(value)

function asLink(value: unknown): Link {
  const v = isRecord(value) ? value : {}
  return {
    text: typeof v.text === 'string' ? v.text : '',
    href: typeof v.href === 'string' ? v.href : '',
    type: isLinkType(v.type) ? v.type : 'page',
  }
}

/**
 * The stored picture as the image editor takes it: everything it holds (its crops, its focal point,
 * 'decorative', a block's own extras such as a contact image's `show`) goes in, so nothing is lost
 * when the editor writes it back (issue 31: the focal point was left out, so it never moved).
 */
function asImage(value: unknown): ImageRef {
  const v = isRecord(value) ? value : {}
  const focal = focalSchema.safeParse(v.focal)
  return {
    ...v,
    imageId: typeof v.imageId === 'string' ? v.imageId : '',
    alt: typeof v.alt === 'string' ? v.alt : '',
    ...(isRecord(v.crop) ? { crop: v.crop as ImageRef['crop'] } : {}),
    ...(focal.success ? { focal: focal.data } : { focal: undefined }),
  }
}

const isLinkLike = (value: unknown) =>
  isRecord(value) && 'href' in value && 'type' in value && Object.keys(value).every((k) => ['text', 'href', 'type'].includes(k))
const isImageLike = (value: unknown) => isRecord(value) && 'imageId' in value

interface PageSummary {
  _id: string
  slug: string
  title: string
}

/** Text, address and type of a link; page links offer the domain's pages (spec 02 §2.8). */
export function LinkEditor({ link, onChange }: { link: Link; onChange: (link: Link) => void }) {
  const [pages, setPages] = useState<PageSummary[] | null>(null)
  useEffect(() => {
    if (link.type !== 'page' || pages) return
    const controller = new AbortController()
    getApi('/page/list', { collection: 'pages' }, { signal: controller.signal })
      .then(setPages)
      .catch(() => setPages([]))
    return () => controller.abort()
  }, [link.type, pages])
  const typeOptions = linkTypes.map((type) => ({ value: type, label: t.linkTypes[type] }))
  return (
    <div className="flex flex-col gap-3">
      <TextInput label={t.linkText} value={link.text} onChange={(e) => onChange({ ...link, text: e.target.value })} />
      <SelectInput
        label={t.linkType}
        value={link.type}
        options={typeOptions}
        onChange={(e) => isLinkType(e.target.value) && onChange({ ...link, type: e.target.value })}
      />
      {link.type === 'page' && pages?.length ? (
        <SelectInput
          label={t.choosePage}
          value={pages.some((p) => `/${p.slug}` === link.href) ? link.href : ''}
          options={[
            { value: '', label: '—' },
            ...pages.map((p) => ({ value: `/${p.slug}`, label: `${p.title || p.slug || 'Home'} (/${p.slug})` })),
          ]}
          onChange={(e) => e.target.value !== '' && onChange({ ...link, href: e.target.value })}
        />
      ) : null}
      <TextInput label={t.linkHref} value={link.href} spellCheck={false} onChange={(e) => onChange({ ...link, href: e.target.value })} />
    </div>
  )
}

function ImageEditor({ value, field, onChange }: { value: ImageRef; field: FieldRef; onChange: (next: ImageRef) => void }) {
  if (ImageEditorPanel) {
    return (
      <Suspense fallback={<p className="text-sm text-neutral-600">{editorTexts.loading}</p>}>
        <ImageEditorPanel
          value={value}
          onChange={onChange}
          {...(field.cropSizes ? { cropSizes: { ...field.cropSizes } } : {})}
          freeform={field.kind === 'freeformImage'}
        />
      </Suspense>
    )
  }
  return (
    <div className="flex flex-col gap-3">
      <ImageField label={t.imageId} value={value.imageId} onChange={(imageId) => onChange({ ...value, imageId })} />
      <TextInput label={t.imageAlt} value={value.alt} onChange={(e) => onChange({ ...value, alt: e.target.value })} />
    </div>
  )
}

/** A list (spec 01 §2.9 'list'): add (a copy of newItem), remove, move up/down; at most `max` items. */
function ListFieldEditor({
  field,
  items,
  set,
  push,
  isList,
}: {
  field: FieldRef
  items: readonly unknown[]
  set: (v: unknown) => void
  push: (v: unknown) => void
  isList: boolean
}) {
  const full = field.max !== undefined && items.length >= field.max
  const template = field.newItem ?? (items[0] !== undefined ? blankLike(items[0]) : '')
  return (
    <div className="flex flex-col gap-2">
      <ol className="flex flex-col gap-2">
        {items.map((item, i) => {
          const name = t.item(i + 1)
          return (
            <li key={i}>
              <Box
                name={name}
                actions={
                  <RowActions
                    name={name}
                    index={i}
                    length={items.length}
                    onMove={(d) => set(moveAt(items, i, d))}
                    onRemove={() => set(removeAt(items, i))}
                  />
                }
              >
                <ValueForm value={item} name={name} onChange={(next) => set(replaceAt(items, i, next))} />
              </Box>
            </li>
          )
        })}
      </ol>
      {full ? <p className="text-xs text-neutral-600">{t.maxItems(field.max ?? 0)}</p> : null}
      <AddButton
        label={t.addItem}
        onClick={() => {
          if (full) return
          if (!isList) {
            toastError(editorTexts.notAnArray)
            return
          }
          push(structuredClone(template))
        }}
      />
    </div>
  )
}

/** An empty value of the same shape (strings emptied, lists emptied, flags kept). */
function blankLike(value: unknown): unknown {
  if (typeof value === 'string') return ''
  if (Array.isArray(value)) return []
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'type' ? v : blankLike(v)]))
  return value
}

const humanise = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase())

/** A form for one list item, from its shape: texts, flags, links, images and nested objects. */
function ValueForm({ value, name, onChange }: { value: unknown; name: string; onChange: (next: unknown) => void }) {
  if (typeof value === 'string')
    return value.length > 80 ? (
      <TextArea label={name} value={value} onChange={(e) => onChange(e.target.value)} />
    ) : (
      <TextInput label={name} value={value} onChange={(e) => onChange(e.target.value)} />
    )
  if (typeof value === 'number')
    return <TextInput label={name} type="number" value={String(value)} onChange={(e) => onChange(Number(e.target.value))} />
  if (typeof value === 'boolean') return <Checkbox label={name} checked={value} onChange={(e) => onChange(e.target.checked)} />
  if (isLinkLike(value)) return <LinkEditor link={asLink(value)} onChange={onChange} />
  if (isImageLike(value)) {
    const v = value as Record<string, unknown>
    return (
      <ImageField
        label={`${name}: ${t.imageId}`}
        value={typeof v.imageId === 'string' ? v.imageId : ''}
        onChange={(imageId) => onChange({ ...v, imageId })}
      />
    )
  }
  if (isRecord(value)) {
    return (
      <div className="flex flex-col gap-3">
        {Object.entries(value).map(([key, inner]) =>
          Array.isArray(inner) ? null : (
            <div key={key}>
              {isRecord(inner) && !isImageLike(inner) ? (
                <p className="mb-1 text-xs font-semibold text-neutral-700">{humanise(key)}</p>
              ) : null}
              <ValueForm value={inner} name={humanise(key)} onChange={(next) => onChange({ ...value, [key]: next })} />
            </div>
          ),
        )}
      </div>
    )
  }
  return null
}
