import { z } from 'zod'
import type { DomainDoc } from '#lib/content'
import { domainLanguagesOf, SITE_TEXT_LOCALES } from '#lib/locales'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.config

/** 'a.com, www.a.com,,b.com ' -> ['a.com', 'www.a.com', 'b.com'] (lower-cased, no duplicates). */
export function parseHostnames(input: string): string[] {
  return [
    ...new Set(
      input
        .split(/[,\s]+/)
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  ]
}

export const domainFormSchema = z.object({
  _id: z
    .string()
    .trim()
    .regex(/^[a-zA-Z0-9_-]+$/, t.idRequired),
  name: z.string().trim().min(1, t.nameRequired),
  hostnames: z.string(),
  /** The languages offered (issue 33): only those whose site texts ship (the server checks again). */
  defaultLanguage: z.enum(SITE_TEXT_LOCALES),
  otherLanguages: z.array(z.enum(SITE_TEXT_LOCALES)),
})
export type DomainFormValues = z.infer<typeof domainFormSchema>

/**
 * The domain as config/saveDomain takes it: an existing domain with the version it was loaded at
 * (the server refuses a change without it, and a stale one), a new domain without one.
 */
export function domainToSend(values: DomainFormValues, domain: DomainDoc | null) {
  return {
    _id: values._id.trim(),
    name: values.name.trim(),
    hostnames: parseHostnames(values.hostnames),
    languages: { default: values.defaultLanguage, others: otherLanguages(values, domain) },
    ...(domain?.version !== undefined ? { version: domain.version } : {}),
  }
}

/** The further languages in the switcher's order: those kept where they were, those added after them; never the default. */
function otherLanguages(values: DomainFormValues, domain: DomainDoc | null): DomainFormValues['otherLanguages'] {
  const before = domainLanguagesOf(domain).others as string[]
  const chosen = values.otherLanguages.filter((code) => code !== values.defaultLanguage)
  return [
    ...chosen.filter((code) => before.includes(code)).sort((a, b) => before.indexOf(a) - before.indexOf(b)),
    ...chosen.filter((code) => !before.includes(code)),
  ]
}

export const domainFormValues = (domain: DomainDoc | null): DomainFormValues => {
  const languages = domainLanguagesOf(domain)
  const shipped = (code: string): code is DomainFormValues['defaultLanguage'] => (SITE_TEXT_LOCALES as readonly string[]).includes(code)
  return {
    _id: domain?._id ?? '',
    name: domain?.name ?? '',
    hostnames: domain?.hostnames.join(', ') ?? '',
    defaultLanguage: shipped(languages.default) ? languages.default : 'en-AU',
    otherLanguages: languages.others.filter(shipped),
  }
}
