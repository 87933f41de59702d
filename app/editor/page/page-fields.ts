/**
 * Typed reads and immutable writes of the page fields the editor's panels change. The editor holds
 * the page as a loose document (state/types.ts), so every read checks what it finds.
 */
import type { EditorPage } from '../state/types.ts'

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const recordOf = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {})

export const stringOf = (page: EditorPage | null, field: string): string => {
  const value = page?.[field]
  return typeof value === 'string' ? value : ''
}

export const headerOf = (page: EditorPage | null): Record<string, unknown> => recordOf(page?.header)

export const titleOf = (page: EditorPage | null): string => {
  const title = headerOf(page).title
  return typeof title === 'string' ? title : ''
}

export const isPublished = (page: EditorPage | null): boolean => page?.published === true

export const versionOf = (page: EditorPage | null): number | undefined => (typeof page?.version === 'number' ? page.version : undefined)

/** A page with one top-level field set. */
export function withField(page: EditorPage, field: string, value: unknown): EditorPage {
  return { ...page, [field]: value }
}

/** A page with one header field set. */
export function withHeaderField(page: EditorPage, field: string, value: unknown): EditorPage {
  return { ...page, header: { ...headerOf(page), [field]: value } }
}

export interface OgFields {
  title: string
  description: string
  imageId: string
}

export function ogOf(page: EditorPage | null): OgFields {
  const og = recordOf(page?.og)
  const image = recordOf(og.image)
  const str = (v: unknown) => (typeof v === 'string' ? v : '')
  return { title: str(og.title), description: str(og.description), imageId: str(image.imageId) }
}

/** A page with its social-sharing (og) overrides changed. */
export function withOg(page: EditorPage, change: Partial<OgFields>): EditorPage {
  const og = recordOf(page.og)
  const next = { ...ogOf(page), ...change }
  return {
    ...page,
    og: { ...og, title: next.title, description: next.description, image: { ...recordOf(og.image), imageId: next.imageId } },
  }
}

/** A boolean field with its default (showBreadcrumb defaults to true, spec 01 §3). */
export const booleanOf = (page: EditorPage | null, field: string, fallback: boolean): boolean => {
  const value = page?.[field]
  return typeof value === 'boolean' ? value : fallback
}
