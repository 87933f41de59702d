/**
 * Machine translation suggestions (issue 33 point 6, docs/decisions/039): the default language's
 * texts of a page (or the navigation, footer, site settings, a category, the tag names) sent to
 * the configured provider (DeepL) for the fields a language has no translation of, answered as
 * suggestions. Nothing is stored here: the editor puts them into the language's working copy,
 * marked as machine suggestions to review, and saves them as any text typed; publishing stays the
 * editor's act. A field with a stored translation (a human's) is never suggested over.
 */
import type { TranslatableField } from '#lib/translatable'
import { MachineTranslationFailed, type DeepLClient } from '../integrations/translation/deepl.ts'
import type { Actor } from './access.ts'
import { AppError, invalidInput } from './errors.ts'
import type { TranslationKind, TranslationService } from './translations.ts'

/** At most this many texts a suggestion (a long page's texts fit; DeepL's own limits are met by batches). */
export const SUGGEST_MAX_FIELDS = 500

export interface Suggestions {
  provider: 'deepl'
  /** Field id → the provider's translation. */
  suggestions: Record<string, string>
  /** Asked-for fields left out: translated already (by a person), empty in the default language, or no text of the subject. */
  skipped: string[]
}

export function createMachineTranslation(translations: Pick<TranslationService, 'sources'>, client: DeepLClient | undefined) {
  /**
   * Suggestions for a language's untranslated texts: the ones named in `fieldIds`, or every text
   * without a translation in the stored draft.
   */
  async function suggest(
    kind: TranslationKind,
    id: string,
    locale: string,
    actor: Actor,
    options: { fieldIds?: readonly string[] | undefined; domainId?: string | undefined } = {},
  ): Promise<Suggestions> {
    // The subject and the editor's rights are checked first: an anonymous caller learns nothing of the setting.
    const source = await translations.sources(kind, id, locale, actor, options.domainId)
    if (!client)
      throw new AppError(
        'unavailable',
        'Machine translation is not configured on this site (DEEPL_API_KEY): translate the texts by typing them',
      )
    const wanted = options.fieldIds ? new Set(options.fieldIds) : null
    const chosen: TranslatableField[] = []
    const skipped: string[] = []
    for (const field of source.fields) {
      if (wanted && !wanted.has(field.id)) continue
      if (field.text.trim() === '' || source.draft[field.id]) skipped.push(field.id)
      else chosen.push(field)
    }
    if (wanted) for (const fieldId of wanted) if (!source.fields.some((field) => field.id === fieldId)) skipped.push(fieldId)
    if (chosen.length > SUGGEST_MAX_FIELDS)
      throw invalidInput(`At most ${SUGGEST_MAX_FIELDS} texts a suggestion: name the fields to translate`, [
        { path: 'fields', message: `${chosen.length} texts` },
      ])
    if (!chosen.length) return { provider: 'deepl', suggestions: {}, skipped }
    let answers: string[]
    try {
      answers = await client.translate(
        chosen.map((field) => ({ text: field.text, html: field.kind === 'rich' })),
        source.defaultLocale,
        source.locale,
      )
    } catch (err) {
      if (err instanceof MachineTranslationFailed) throw new AppError('unavailable', err.message)
      throw err
    }
    return { provider: 'deepl', suggestions: Object.fromEntries(chosen.map((field, i) => [field.id, answers[i]!])), skipped }
  }

  return { suggest, configured: !!client }
}

export type MachineTranslation = ReturnType<typeof createMachineTranslation>
