import { useState } from 'react'
import { TextInput } from '#ui/editor/fields'
import { extractVideoId, videoIdPattern, type VideoProvider } from './video-id'
import { blockEditorTexts } from '#lib/editor-texts'

const t = blockEditorTexts.video

/** The video id (a pasted address is turned into its id) and the title read out for the player. */
export function VideoEditor({
  provider,
  videoId,
  title,
  set,
}: {
  provider: VideoProvider
  videoId: string
  title: string
  set: (path: string, value: unknown) => void
}) {
  const [draft, setDraft] = useState(videoId)
  const valid = draft === '' || videoIdPattern[provider].test(draft)
  return (
    <div className="flex flex-col gap-4">
      <TextInput
        label={t.id}
        hint={t.idHint}
        spellCheck={false}
        value={draft}
        error={
          valid ? undefined : provider === 'youtube' ? 'A YouTube video id has 11 letters, digits, - or _' : 'A Vimeo video id is a number'
        }
        onChange={(e) => {
          const id = extractVideoId(provider, e.target.value)
          setDraft(id)
          if (id === '' || videoIdPattern[provider].test(id)) set('videoId', id)
        }}
      />
      <TextInput label={t.title} value={title} onChange={(e) => set('title', e.target.value)} />
    </div>
  )
}
