/** Small fixtures for the action tests. */
import { loadPage } from './actions/load-page.ts'
import { initialEditorState, type EditorPage, type EditorState } from './types.ts'

export const block = (componentType: string, props: Record<string, unknown> = {}, key?: string) => ({
  componentType,
  ...(key ? { _key: key } : {}),
  ...props,
})

/** A loaded page with blocks A, B, C (Text blocks keyed a, b, c) and a version stamp. */
export function loaded(
  contents: unknown[] = [block('Text', { text: 'A' }, 'a'), block('Text', { text: 'B' }, 'b'), block('Text', { text: 'C' }, 'c')],
  extra: Partial<EditorPage> = {},
): EditorState {
  return loadPage(initialEditorState(), {
    type: 'loadPage',
    page: { _id: 'p1', slug: 'stay', version: 3, header: { title: 'Stay' }, contents, ...extra },
  })
}

export const textsOf = (state: EditorState, path: (string | number)[] = ['contents']): unknown[] => {
  let value: unknown = state.page.page
  for (const segment of path) value = (value as Record<string | number, unknown>)[segment]
  return (value as { text?: unknown }[]).map((b) => b.text)
}
