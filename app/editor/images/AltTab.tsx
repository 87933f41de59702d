import { useId } from 'react'
import type { ImageRef } from '#lib/content'
import { chrome } from '#ui/editor/classes.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.imageEditor

/** True when publishing would refuse this picture (server/services/images.ts imagesMissingAlt). */
export const altMissing = (value: ImageRef) => Boolean(value.imageId) && !value.decorative && !value.alt.trim()

/** The text alternative, required unless the picture is marked decorative. */
export function AltTab({ value, onChange }: { value: ImageRef; onChange: (next: ImageRef) => void }) {
  const altId = useId()
  const helpId = useId()
  const warningId = useId()
  const decorativeId = useId()
  const missing = altMissing(value)
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={altId} className={chrome.label}>
          {t.altLabel}
        </label>
        <textarea
          id={altId}
          rows={3}
          maxLength={300}
          value={value.alt}
          disabled={value.decorative === true}
          aria-invalid={missing || undefined}
          aria-describedby={[helpId, missing ? warningId : ''].filter(Boolean).join(' ')}
          onChange={(e) => onChange({ ...value, alt: e.target.value })}
          className={`mt-1 ${chrome.input} ${chrome.focus} focus-visible:ring-offset-0 disabled:bg-neutral-100`}
        />
        <p id={helpId} className="mt-1 text-xs text-neutral-600">
          {t.altHelp}
        </p>
      </div>
      {missing ? (
        <p id={warningId} role="alert" className={chrome.alert} data-testid="alt-missing">
          {t.altMissing}
        </p>
      ) : null}
      <div className="flex items-start gap-2">
        <input
          id={decorativeId}
          type="checkbox"
          checked={value.decorative === true}
          // Explicit false (not a missing key): callers that merge the value into a block keep no stale true.
          onChange={(e) => onChange({ ...value, decorative: e.target.checked })}
          className={`mt-0.5 size-4 rounded border-neutral-400 accent-red ${chrome.focus}`}
        />
        <label htmlFor={decorativeId} className="text-sm text-neutral-800">
          {t.decorative}
        </label>
      </div>
    </div>
  )
}
