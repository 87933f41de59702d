/** The block library as the editor sees it: labels, fresh blocks, what a container allows, loading normalised blocks. */
import type { ComponentType } from 'react'
import { allows } from '#blocks/containers'
import type { BlockEditorProps } from '#blocks/define'
import { blockEditors } from '#blocks/editors.generated'
import type { ContainerId } from '#blocks/editing'
import { createBlock, registry } from '#blocks/registry'
import { blockTypes, isBlockType, validateBlock } from '#blocks/schemas'
import { newBlockKey } from '../state/paths.ts'
import type { EditorPage } from '../state/types.ts'

export function labelOf(componentType: string): string {
  return isBlockType(componentType) ? registry[componentType].label : componentType.replace(/([a-z])([A-Z])/g, '$1 $2')
}

/** The block types an editor may add to a container: registered ones it allows, by label. */
export function addableTypes(container: ContainerId): { type: string; label: string }[] {
  return blockTypes
    .filter((type) => allows(container, type))
    .map((type) => ({ type, label: labelOf(type) }))
    .sort((a, b) => a.label.localeCompare(b.label))
}

/**
 * The settings editors (spec 02 §2.9) as the editor looks them up: by a stored block's
 * componentType, a string. The block handed to one is always of that type (the page stores it under
 * its componentType), so each editor's own schema-typed props fit.
 */
export const settingsEditors: Readonly<Partial<Record<string, ComponentType<BlockEditorProps<Record<string, unknown>>>>>> =
  blockEditors as Readonly<Partial<Record<string, ComponentType<BlockEditorProps<Record<string, unknown>>>>>>

export function newBlock(componentType: string): Record<string, unknown> & { componentType: string } {
  if (!isBlockType(componentType)) return { componentType }
  return createBlock(componentType) as Record<string, unknown> & { componentType: string }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A stored block with its type's defaults filled in and a stable key, so views get complete props.
 * A block its schema rejects keeps its own values over the defaults (the save shows the problem);
 * an unknown type is kept as it is (views skip it).
 */
export function normaliseBlock(block: unknown): unknown {
  if (!isRecord(block) || typeof block.componentType !== 'string') return block
  const key = typeof block._key === 'string' && block._key ? block._key : newBlockKey()
  if (!isBlockType(block.componentType)) return { ...block, _key: key }
  const result = validateBlock(block)
  if (result.ok) return { ...result.block, _key: key }
  return { ...createBlock(block.componentType), ...block, _key: key }
}

/** The page as the editor edits it: every block normalised (see normaliseBlock). */
export function normalisePage(page: EditorPage | null): EditorPage | null {
  if (!page || !Array.isArray(page.contents)) return page
  return { ...page, contents: page.contents.map(normaliseBlock) }
}

/** The types whose label holds the query: an exact match first, then labels starting with it, so Enter adds what was typed. */
export function matching<T extends { label: string }>(types: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase()
  const rank = (label: string) => (label === q ? 0 : label.startsWith(q) ? 1 : 2)
  return types
    .filter((type) => type.label.toLowerCase().includes(q))
    .map((type, order) => ({ type, order, rank: rank(type.label.toLowerCase()) }))
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map((entry) => entry.type)
}
