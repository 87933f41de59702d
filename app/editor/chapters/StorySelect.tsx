import type { StorySummary } from '#lib/stories'
import { texts } from '#lib/texts'
import { ErrorAlert, SelectInput } from '#ui/editor/fields.tsx'
import { editorTexts } from '#lib/editor-texts'

const t = texts.chapters

/** Spec 01 §2.13: 'Associate this page to a story', filled from the story list. */
export function StorySelect({
  stories,
  error,
  value,
  onChange,
  invalid,
}: {
  stories: StorySummary[] | null
  error: string | null
  value: string
  onChange: (story: StorySummary | null) => void
  invalid?: string | undefined
}) {
  const options = [
    { value: '', label: stories ? t.chooseStory : editorTexts.loading },
    ...(stories ?? []).map((s) => ({ value: s._id, label: s.title || s.slug })),
  ]
  return (
    <div>
      <SelectInput
        label={t.associate}
        value={value}
        options={options}
        disabled={!stories}
        aria-invalid={invalid ? true : undefined}
        onChange={(e) => onChange(stories?.find((s) => s._id === e.target.value) ?? null)}
      />
      {invalid ? <p className="mt-1 text-xs font-medium text-red">{invalid}</p> : null}
      <ErrorAlert message={error} />
    </div>
  )
}
