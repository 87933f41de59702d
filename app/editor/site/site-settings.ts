import { z } from 'zod'
import { PUBLISH_CHECKS } from '#lib/publish-checks'
import type { SiteSettingsDoc } from '#lib/content'
import type { SiteDocMeta } from '../state/types.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.siteSettings

/** The site settings as loaded for the editor (the draft, with its version stamps). */
export type LoadedSiteSettings = Omit<SiteSettingsDoc, 'domainId' | 'publishChecks'> & {
  domainId?: string
  publishChecks?: SiteSettingsDoc['publishChecks']
} & SiteDocMeta
type Loaded = LoadedSiteSettings

const social = z.object({ title: z.string(), description: z.string(), keywords: z.string(), image: z.object({ imageId: z.string() }) })
export const formSchema = z.object({
  og: social,
  twitter: social,
  redirects: z.array(
    z.object({
      from: z.string().trim().min(1, t.required),
      to: z.string().trim().min(1, t.required),
      status: z.enum(['301', '302']),
      prefix: z.boolean(),
    }),
  ),
  /** The checks before publishing an admin made blocking (issue 34). */
  publishChecks: z.array(z.enum(PUBLISH_CHECKS)),
})
export type SiteSettingsValues = z.infer<typeof formSchema>
type Values = SiteSettingsValues

export function valuesOf(doc: Loaded): Values {
  const meta = (m: Loaded['og'] | undefined) => ({
    title: m?.title ?? '',
    description: m?.description ?? '',
    keywords: m?.keywords ?? '',
    image: { imageId: m?.image?.imageId ?? '' },
  })
  return {
    og: meta(doc.og),
    twitter: meta(doc.twitter),
    redirects: (doc.redirects ?? []).map((r) => ({ from: r.from, to: r.to, status: r.status === 302 ? '302' : '301', prefix: r.prefix })),
    publishChecks: doc.publishChecks ?? [],
  }
}

/** The stored settings with the form's values (categories and anything else kept as loaded). */
export function settingsToSend(loaded: Loaded, values: Values, withVersion: boolean) {
  const { version, lastPublished: _l, updatedAt: _u, ...rest } = loaded
  return {
    ...rest,
    og: values.og,
    twitter: values.twitter,
    redirects: values.redirects.map((r) => ({
      from: r.from.trim(),
      to: r.to.trim(),
      status: r.status === '302' ? 302 : 301,
      prefix: r.prefix,
    })),
    publishChecks: values.publishChecks,
    ...(withVersion ? { version } : {}),
  }
}
