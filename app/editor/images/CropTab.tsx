import { Tabs } from 'radix-ui'
import { useId, useMemo, useState } from 'react'
import Cropper, { type Area } from 'react-easy-crop'
import type { ImageRef } from '#lib/content'
import { imageUrl, type Crop } from '#ui/image-url'
import { buttonClass } from '#ui/editor/fields.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { aspectOf, clampCrop, initialCrop, percentToSource, sourceToPercent, withCrop, type Size } from './crop-math.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.imageEditor

export type CropSizes = Record<string, { width: number; height: number }>

const FREEFORM_ASPECTS = [
  { value: 'original', label: t.aspects.original, aspect: 0 },
  { value: '1:1', label: t.aspects.square, aspect: 1 },
  { value: '4:3', label: t.aspects.landscape43, aspect: 4 / 3 },
  { value: '3:4', label: t.aspects.portrait34, aspect: 3 / 4 },
  { value: '16:9', label: t.aspects.wide169, aspect: 16 / 9 },
  { value: '3:2', label: t.aspects.photo32, aspect: 3 / 2 },
  { value: '2:3', label: t.aspects.tall23, aspect: 2 / 3 },
] as const

export interface CropTabProps {
  value: ImageRef
  onChange: (next: ImageRef) => void
  source: Size
  cropSizes: CropSizes
  freeform: boolean
}

/** One tab per breakpoint (desktop, mobile...), each with its own crop box at that breakpoint's aspect. */
export function CropTab({ value, onChange, source, cropSizes, freeform }: CropTabProps) {
  const keys = Object.keys(cropSizes)
  const [active, setActive] = useState(keys[0] ?? 'desktop')
  if (keys.length <= 1) {
    const key = keys[0] ?? 'desktop'
    return (
      <CropEditor
        key={`${value.imageId}:${key}`}
        breakpoint={key}
        size={cropSizes[key]}
        value={value}
        onChange={onChange}
        source={source}
        freeform={freeform}
      />
    )
  }
  return (
    <Tabs.Root value={active} onValueChange={setActive}>
      <Tabs.List aria-label={t.breakpoints} className="mb-3 flex flex-wrap gap-1 border-b border-neutral-200">
        {keys.map((key) => {
          const size = cropSizes[key]!
          return (
            <Tabs.Trigger key={key} value={key} className={chrome.tab}>
              {t.breakpointLabel(key, size.width, size.height)}
              {value.crop?.[key] ? <span aria-hidden="true"> ✓</span> : null}
            </Tabs.Trigger>
          )
        })}
      </Tabs.List>
      {keys.map((key) => (
        <Tabs.Content key={key} value={key} className="outline-none">
          <CropEditor
            key={`${value.imageId}:${key}`}
            breakpoint={key}
            size={cropSizes[key]}
            value={value}
            onChange={onChange}
            source={source}
            freeform={freeform}
          />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  )
}

interface CropEditorProps {
  breakpoint: string
  size: { width: number; height: number } | undefined
  value: ImageRef
  onChange: (next: ImageRef) => void
  source: Size
  freeform: boolean
}

function CropEditor({ breakpoint, size, value, onChange, source, freeform }: CropEditorProps) {
  const zoomId = useId()
  const aspectId = useId()
  const stored = value.crop?.[breakpoint]
  const [freeAspect, setFreeAspect] = useState<string>(() => (stored ? 'custom' : 'original'))
  const aspect = useMemo(() => {
    if (!freeform && size) return aspectOf(size)
    if (stored && freeAspect === 'custom') return aspectOf(stored)
    const chosen = FREEFORM_ASPECTS.find((a) => a.value === freeAspect)
    return chosen && chosen.aspect > 0 ? chosen.aspect : aspectOf(source)
  }, [freeform, size, stored, freeAspect, source])

  // The cropper is re-created (revision) when the crop changes from outside it: numbers, reset, aspect.
  const [revision, setRevision] = useState(0)
  const [position, setPosition] = useState({ x: 0, y: 0 })
  const [zoom, setZoom] = useState(1)
  const [touched, setTouched] = useState(false)
  const start = useMemo(() => initialCrop(stored, source, aspect, value.focal), [revision, aspect]) // eslint-disable-line react-hooks/exhaustive-deps -- only on a new start

  const commit = (crop: Crop | null) => onChange({ ...value, crop: withCrop(value.crop, breakpoint, crop) })

  function onComplete(area: Area) {
    if (!touched) return
    commit(percentToSource(area, source))
  }

  function setNumber(field: keyof Crop, raw: string) {
    const n = Number(raw)
    if (!Number.isFinite(n)) return
    const base = stored ?? start
    let next: Crop = { ...base, [field]: n }
    if (!freeform || freeAspect !== 'custom') {
      if (field === 'width') next = { ...next, height: n / aspect }
      if (field === 'height') next = { ...next, width: n * aspect }
    }
    commit(clampCrop(next, source))
    setZoom(1)
    setRevision((r) => r + 1)
  }

  const shown = stored ?? null
  const numbers = shown ?? start
  const preview = imageUrl(value.imageId, { w: Math.min(1600, source.width) })
  return (
    <div className="space-y-3">
      {freeform ? (
        <div>
          <label htmlFor={aspectId} className={chrome.label}>
            {t.freeformAspect}
          </label>
          <select
            id={aspectId}
            value={freeAspect}
            onChange={(e) => {
              setFreeAspect(e.target.value)
              setTouched(true)
              setRevision((r) => r + 1)
            }}
            className={`mt-1 ${chrome.input} ${chrome.focus} focus-visible:ring-offset-0`}
          >
            {stored ? <option value="custom">{`${stored.width}×${stored.height}`}</option> : null}
            {FREEFORM_ASPECTS.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      <div className="relative h-72 w-full overflow-hidden rounded-md bg-neutral-900" data-testid={`cropper-${breakpoint}`}>
        <Cropper
          key={`${revision}:${aspect}`}
          image={preview}
          crop={position}
          zoom={zoom}
          aspect={aspect}
          minZoom={1}
          maxZoom={8}
          zoomWithScroll
          keyboardStep={4}
          initialCroppedAreaPercentages={sourceToPercent(start, source)}
          onCropChange={setPosition}
          onZoomChange={setZoom}
          onInteractionStart={() => setTouched(true)}
          onCropComplete={onComplete}
          // A focusable area the arrow keys move: an application region, which may carry a name (a
          // plain div may not: axe's aria-prohibited-attr).
          cropperProps={{ role: 'application', 'aria-label': `${t.cropArea} (${breakpoint})` } as React.HTMLAttributes<HTMLDivElement>}
          mediaProps={{ alt: '' }}
        />
      </div>

      <div className="flex items-center gap-3">
        <label htmlFor={zoomId} className={`${chrome.label} shrink-0`}>
          {t.zoom}
        </label>
        <input
          id={zoomId}
          type="range"
          min={1}
          max={8}
          step={0.05}
          value={zoom}
          onChange={(e) => {
            setTouched(true)
            setZoom(Number(e.target.value))
          }}
          className="w-full accent-red"
        />
      </div>

      <fieldset className="grid grid-cols-4 gap-2">
        <legend className="sr-only">{t.cropArea}</legend>
        {(
          [
            ['x', t.cropX],
            ['y', t.cropY],
            ['width', t.cropWidth],
            ['height', t.cropHeight],
          ] as const
        ).map(([field, label]) => (
          <NumberField key={field} label={label} value={Math.round(numbers[field])} onCommit={(raw) => setNumber(field, raw)} />
        ))}
      </fieldset>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-neutral-700" aria-live="polite" data-testid={`crop-status-${breakpoint}`}>
          {shown ? t.cropSaved(shown.width, shown.height) : t.cropNone}
        </p>
        <button
          type="button"
          className={`${buttonClass.secondary} ${buttonClass.small}`}
          disabled={!shown}
          onClick={() => {
            commit(null)
            setTouched(false)
            setZoom(1)
            setRevision((r) => r + 1)
          }}
        >
          {t.resetCrop}
        </button>
      </div>
    </div>
  )
}

/** A number input that commits on blur or Enter, so typing '12' does not move the crop at '1'. */
function NumberField({ label, value, onCommit }: { label: string; value: number; onCommit: (raw: string) => void }) {
  const id = useId()
  const [draft, setDraft] = useState<string | null>(null)
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-neutral-800">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        value={draft ?? String(value)}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => {
          if (draft !== null) onCommit(draft)
          setDraft(null)
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && draft !== null) {
            e.preventDefault()
            onCommit(draft)
            setDraft(null)
          }
        }}
        className={`mt-1 ${chrome.input} ${chrome.focus} px-2 py-1 focus-visible:ring-offset-0`}
      />
    </div>
  )
}
