import { useId, type KeyboardEvent, type MouseEvent } from 'react'
import type { ImageRef } from '#lib/content'
import { imageUrl, objectPosition } from '#ui/image-url'
import { buttonClass } from '#ui/editor/fields.tsx'
import { chrome } from '#ui/editor/classes.ts'
import type { CropSizes } from './CropTab.tsx'
import { focalFromPoint, nudgeFocal, type Size } from './crop-math.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.imageEditor

export interface FocalTabProps {
  value: ImageRef
  onChange: (next: ImageRef) => void
  source: Size
  cropSizes: CropSizes | undefined
}

/**
 * The picture's subject: click it (or move the marker with the arrow keys, Shift for small steps).
 * Breakpoints without their own crop are cut around this point; previews show the result.
 */
export function FocalTab({ value, onChange, source, cropSizes }: FocalTabProps) {
  const helpId = useId()
  const xId = useId()
  const yId = useId()
  const focal = value.focal ?? { x: 0.5, y: 0.5 }
  const set = (next: { x: number; y: number } | undefined) => onChange({ ...value, focal: next })
  const previewWidth = 640
  const previewHeight = Math.max(1, Math.round((previewWidth * source.height) / source.width))

  function onClick(e: MouseEvent<HTMLButtonElement>) {
    const box = e.currentTarget.getBoundingClientRect()
    // Keyboard "clicks" (Enter/Space) have no pointer position: keep the point where it is.
    if (e.detail === 0) return
    set(focalFromPoint(e.clientX - box.left, e.clientY - box.top, { width: box.width, height: box.height }))
  }

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    const step = e.shiftKey ? 0.01 : 0.05
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    }
    const move = moves[e.key]
    if (!move) return
    e.preventDefault()
    set(nudgeFocal(value.focal, move[0], move[1]))
  }

  const percent = (v: number) => Math.round(v * 1000) / 10
  const fromPercent = (raw: string) => Math.min(1, Math.max(0, Number(raw) / 100))
  return (
    <div className="space-y-3">
      <p id={helpId} className="text-xs text-neutral-700">
        {t.focalHelp}
      </p>
      <button
        type="button"
        aria-label={`${t.focalArea}: ${percent(focal.x)}%, ${percent(focal.y)}%`}
        aria-describedby={helpId}
        onClick={onClick}
        onKeyDown={onKeyDown}
        data-testid="focal-area"
        className={`relative block w-full cursor-crosshair overflow-hidden rounded-md bg-neutral-100 ${chrome.focus}`}
        style={{ aspectRatio: `${source.width} / ${source.height}` }}
      >
        <img
          src={imageUrl(value.imageId, { w: previewWidth })}
          width={previewWidth}
          height={previewHeight}
          alt=""
          draggable={false}
          className="block h-full w-full object-contain"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow-[0_0_0_2px_rgba(0,0,0,0.6)]"
          style={{ left: `${focal.x * 100}%`, top: `${focal.y * 100}%` }}
        />
      </button>
      <div className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
        <div>
          <label htmlFor={xId} className="block text-xs font-medium text-neutral-800">
            {t.focalX}
          </label>
          <input
            id={xId}
            type="number"
            min={0}
            max={100}
            step={1}
            value={percent(focal.x)}
            onChange={(e) => set({ x: fromPercent(e.target.value), y: focal.y })}
            className={`mt-1 ${chrome.input} ${chrome.focus} px-2 py-1 focus-visible:ring-offset-0`}
          />
        </div>
        <div>
          <label htmlFor={yId} className="block text-xs font-medium text-neutral-800">
            {t.focalY}
          </label>
          <input
            id={yId}
            type="number"
            min={0}
            max={100}
            step={1}
            value={percent(focal.y)}
            onChange={(e) => set({ x: focal.x, y: fromPercent(e.target.value) })}
            className={`mt-1 ${chrome.input} ${chrome.focus} px-2 py-1 focus-visible:ring-offset-0`}
          />
        </div>
        <button
          type="button"
          className={`${buttonClass.secondary} ${buttonClass.small}`}
          disabled={!value.focal}
          onClick={() => set(undefined)}
        >
          {t.resetFocal}
        </button>
      </div>
      {cropSizes && Object.keys(cropSizes).length ? (
        <div>
          <h3 className="text-xs font-semibold text-neutral-800">{t.previews}</h3>
          <ul className="mt-1 flex flex-wrap items-end gap-3">
            {Object.entries(cropSizes).map(([key, size]) => {
              const own = value.crop?.[key]
              const w = 160
              const h = Math.round((w * size.height) / size.width)
              return (
                <li key={key} className="text-[11px] text-neutral-700">
                  <img
                    src={imageUrl(value.imageId, own ? { w, h, crop: own } : { w, h, focal: value.focal })}
                    width={w}
                    height={h}
                    alt=""
                    className="block rounded ring-1 ring-neutral-200"
                    style={{ objectPosition: objectPosition(value.focal) }}
                  />
                  {t.breakpointLabel(key, size.width, size.height)}
                  {own ? ' ✂' : ''}
                </li>
              )
            })}
          </ul>
        </div>
      ) : null}
    </div>
  )
}
