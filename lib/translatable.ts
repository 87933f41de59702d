/**
 * Which texts of a document are translated, declared with its schema (issue 33 point 2,
 * docs/decisions/025): `translatable()` marks a string a visitor reads ('rich' for rich text),
 * `blockList()` a list of blocks (each walked with its own block's schema). A translation is a
 * flat map from field id to text, kept beside the shared structure; `applyTranslation` lays it
 * over the default language's document field by field, so a field without a translation keeps the
 * default text. Shared by server and editor; imports only lib/.
 */
import { z } from 'zod'
import { withBlockKeys } from './merge'

export type TextKind = 'text' | 'rich'
export type Segment = string | number

type Mark = { translatable: TextKind } | { blocks: true }
const marks = z.registry<Mark>()

/** Marks a string schema as a text visitors read, translated per language. Mark before `.default()`/`.optional()`. */
export function translatable<S extends z.ZodType>(schema: S, kind: TextKind = 'text'): S {
  marks.add(schema, { translatable: kind })
  return schema
}

/** Marks a list whose items are blocks: each is walked with its own block's schema, its fields named by its key. */
export function blockList<S extends z.ZodType>(schema: S): S {
  marks.add(schema, { blocks: true })
  return schema
}

/** One translatable text of a document: where it is, what it is called in a translation, and its text there. */
export interface TranslatableField {
  /** The field's name in a translation: `<block key>/<path in the block>`, or the path outside blocks. */
  id: string
  /** Where it is in the document (list items by position). */
  path: Segment[]
  /** The text the document holds there (in the default language: the text a translation replaces). */
  text: string
  kind: TextKind
}

/** A language's translated texts: field id → text. Only what was written in that language. */
export type Translation = Record<string, string>

/** The schema of a block type, for the walk into a list of blocks. */
export type BlockSchemaLookup = (componentType: string) => z.ZodType | undefined

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The largest translation id and text the server stores (a whole rich text fits). */
export const TRANSLATION_ID_MAX = 400
export const TRANSLATION_TEXT_MAX = 100_000

/**
 * Every translatable text of `doc` as `schema` declares it, in document order. Blocks without a
 * stored key are named by the key of their place (withBlockKeys, docs/decisions/018), the same
 * on every reader of the same stored document.
 */
export function collectTranslatable(schema: z.ZodType, doc: unknown, lookupBlock?: BlockSchemaLookup): TranslatableField[] {
  const out: TranslatableField[] = []
  const keyed = withBlockKeys(doc)

  function visitBlocks(value: unknown, path: Segment[]) {
    if (!Array.isArray(value) || !lookupBlock) return
    value.forEach((block, i) => {
      if (!isRecord(block) || typeof block.componentType !== 'string' || typeof block._key !== 'string') return
      const blockSchema = lookupBlock(block.componentType)
      if (blockSchema) visit(blockSchema, block, [...path, i], `${block._key}/`, [])
    })
  }

  // `base` names the enclosing block (or ''), `within` the path inside it.
  function visit(schema: z.core.$ZodType, value: unknown, path: Segment[], base: string, within: Segment[]): void {
    const mark = marks.get(schema)
    if (mark && 'blocks' in mark) return visitBlocks(value, path)
    if (mark && 'translatable' in mark) {
      if (typeof value === 'string') out.push({ id: `${base}${within.join('.')}`, path, text: value, kind: mark.translatable })
      return
    }
    const s = schema as z.core.$ZodTypes
    const def = s._zod.def
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        return visit(def.innerType, value, path, base, within)
      case 'pipe':
        // A transform after a schema (`.transform()`): the schema before it says what is stored.
        return visit((def.in as z.core.$ZodTypes)._zod.def.type === 'transform' ? def.out : def.in, value, path, base, within)
      case 'lazy':
        return visit(def.getter(), value, path, base, within)
      case 'object': {
        if (!isRecord(value)) return
        for (const [key, field] of Object.entries(def.shape)) visit(field, value[key], [...path, key], base, [...within, key])
        return
      }
      case 'array': {
        if (!Array.isArray(value)) return
        value.forEach((item, i) => visit(def.element, item, [...path, i], base, [...within, i]))
        return
      }
      case 'union':
        // The first option a value matches declares it (a text or a link, say).
        for (const option of def.options) if (z.safeParse(option, value).success) return visit(option, value, path, base, within)
        return
      default:
        return
    }
  }

  visit(schema, keyed, [], '', [])
  return out
}

const setAt = (root: unknown, path: readonly Segment[], value: unknown): unknown => {
  if (path.length === 0) return value
  const [head, ...rest] = path as [Segment, ...Segment[]]
  if (Array.isArray(root)) {
    const copy = [...root]
    copy[Number(head)] = setAt(root[Number(head)], rest, value)
    return copy
  }
  const base = isRecord(root) ? root : {}
  return { ...base, [head]: setAt(base[head], rest, value) }
}

/**
 * `doc` with each field that has a non-empty translation showing it; every other field keeps its
 * text (the visitor's field-by-field fallback). `fields` are the document's (collectTranslatable);
 * the answer carries the blocks' keys.
 */
export function applyTranslation<T>(doc: T, fields: readonly TranslatableField[], translation: Translation | null | undefined): T {
  let out: unknown = withBlockKeys(doc)
  if (!translation) return out as T
  for (const field of fields) {
    const text = translation[field.id]
    if (typeof text === 'string' && text !== '') out = setAt(out, field.path, text)
  }
  return out as T
}

/** The fields with a default text but no translation: what the editor marks and counts ("12 texts not translated"). */
export function untranslatedFields(fields: readonly TranslatableField[], translation: Translation | null | undefined) {
  return fields.filter((field) => field.text.trim() !== '' && !translation?.[field.id])
}

/**
 * A translation as it may be stored for a document with these fields: empty texts left out (the
 * field falls back), ids that name no field of the document answered apart (`dropped`).
 */
export function keepKnown(fields: readonly TranslatableField[], translation: Translation): { kept: Translation; dropped: string[] } {
  const known = new Set(fields.map((field) => field.id))
  const kept: Translation = {}
  const dropped: string[] = []
  for (const [id, text] of Object.entries(translation)) {
    if (!known.has(id)) dropped.push(id)
    else if (text !== '') kept[id] = text
  }
  return { kept, dropped }
}

/** Field id → path, for finding a translated field in the page (the editor's markers, conflict labels). */
export const pathsById = (fields: readonly TranslatableField[]) => new Map(fields.map((field) => [field.id, field.path] as const))

/** The id of the translatable field at `path`, or null where the path is no translatable text. */
export function fieldIdAt(fields: readonly TranslatableField[], path: readonly Segment[]): string | null {
  const wanted = path.join('\u0000')
  return fields.find((field) => field.path.join('\u0000') === wanted)?.id ?? null
}
