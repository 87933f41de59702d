/** The block library as the editor sees it: labels, fresh blocks, what a container allows, loading normalised blocks. */
import type { ComponentType } from 'react'
import { allows } from '#blocks/containers'
import { blockDeclarations } from '#blocks/declarations.generated'
import { blockGroups, type BlockDeclaration, type BlockEditorProps, type BlockPickerEntry } from '#blocks/define'
import { blockEditors } from '#blocks/editors.generated'
import type { ContainerId } from '#ui/editing'
import { createBlock, registry } from '#blocks/registry'
import { blockTypes, isBlockType, validateBlock } from '#blocks/schemas'
import { withBlockKeys } from '#lib/merge'
import { newBlockKey } from '../state/paths.ts'
import type { EditorPage } from '../state/types.ts'

export function labelOf(componentType: string): string {
  return isBlockType(componentType) ? registry[componentType].label : componentType.replace(/([a-z])([A-Z])/g, '$1 $2')
}

/** A block type as the picker shows it: the plain title and description, the spec's name (label), its group. */
export interface AddableType extends BlockPickerEntry {
  type: string
  label: string
}

const addable = new Map<ContainerId, AddableType[]>()

/** The block types an editor may add to a container: registered ones it allows, by group, then by title. */
export function addableTypes(container: ContainerId): AddableType[] {
  let types = addable.get(container)
  if (!types) addable.set(container, (types = listAddable(container)))
  return types
}

function listAddable(container: ContainerId): AddableType[] {
  const declarations = blockDeclarations as Readonly<Record<string, BlockDeclaration>>
  return blockTypes
    .filter((type) => allows(container, type))
    .flatMap((type) => {
      const declaration = declarations[type]
      return declaration ? [{ type, label: labelOf(type), ...declaration.picker }] : []
    })
    .sort((a, b) => blockGroups.indexOf(a.group) - blockGroups.indexOf(b.group) || a.title.localeCompare(b.title))
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

/**
 * The page as the editor edits it: every block normalised (see normaliseBlock). Blocks stored
 * without a key get the key of their place (withBlockKeys), the same in every browser and on the
 * server, so two editors' saves of such a page merge block by block (docs/decisions/018).
 */
export function normalisePage(page: EditorPage | null): EditorPage | null {
  if (!page || !Array.isArray(page.contents)) return page
  const keyed = withBlockKeys(page)
  return { ...keyed, contents: (keyed.contents as unknown[]).map(normaliseBlock) }
}

/**
 * The types the query finds, in their title, the spec's name (label) or their description: an exact
 * name first, then names starting with it, then names holding it, then descriptions, so Enter adds
 * what was typed.
 */
export function matching<T extends { label: string; title?: string; description?: string }>(types: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase()
  const rank = (type: T) => {
    const names = [type.title, type.label].filter((name): name is string => !!name).map((name) => name.toLowerCase())
    if (names.includes(q)) return 0
    if (names.some((name) => name.startsWith(q))) return 1
    if (names.some((name) => name.includes(q))) return 2
    if (type.description?.toLowerCase().includes(q)) return 3
    return 4
  }
  return types
    .map((type, order) => ({ type, order, rank: rank(type) }))
    .filter((entry) => entry.rank < 4)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map((entry) => entry.type)
}
