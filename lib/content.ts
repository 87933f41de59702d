/**
 * Shapes of the stored documents shared by the client and the server: pages, navigation, footer,
 * site settings and domains. Block props are validated by the block registry (blocks/).
 */
import { z } from 'zod'
import type { DomainLanguages } from './locales'
import { translatable } from './translatable'
import { isMp4Url } from './video-link'
import { blockEditorTexts } from './editor-texts.ts'
import { PUBLISH_CHECKS } from './publish-checks.ts'

export const collections = ['pages', 'listings', 'chapters'] as const
export const collectionSchema = z.enum(collections)
export type Collection = z.infer<typeof collectionSchema>

export const linkTypes = ['page', 'anchor', 'file', 'external'] as const
export const linkSchema = z.object({
  text: translatable(z.string().max(200)).default(''),
  href: z.string().max(2000).default(''),
  type: z.enum(linkTypes).default('page'),
})
export type Link = z.infer<typeof linkSchema>

export const cropSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })
export const focalSchema = z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) })
export type Focal = z.infer<typeof focalSchema>
export const imageRefSchema = z.object({
  imageId: z.string().max(100).default(''),
  alt: translatable(z.string().max(300)).default(''),
  crop: z.record(z.string(), cropSchema).optional(),
  /** Where the picture's subject is (0..1 from the left and top); used for breakpoints without a crop. */
  focal: focalSchema.optional(),
  /** A purely decorative picture: empty alt is allowed (publishing checks alt otherwise). */
  decorative: z.boolean().optional(),
  /** The file's version when it was last replaced in place (issue 36): in its address, so caches fetch the new picture. */
  v: z.number().int().min(1).optional(),
})
export type ImageRef = z.infer<typeof imageRefSchema>

const responsive = z.object({
  base: z.number().int().min(0).max(6),
  sm: z.number().int().min(0).max(6),
  lg: z.number().int().min(0).max(6),
})
export const spacingSchema = z.object({
  marginTop: responsive.optional(),
  marginBottom: responsive.optional(),
  paddingTop: responsive.optional(),
  paddingBottom: responsive.optional(),
})
export type Spacing = z.infer<typeof spacingSchema>

/** A block as stored: its type, a stable id for the editor, spacing, and type-specific props. */
export const blockSchema = z
  .object({
    componentType: z.string().min(1).max(60),
    _key: z.string().max(60).optional(),
    spacing: spacingSchema.optional(),
  })
  .catchall(z.unknown())
export type StoredBlock = z.infer<typeof blockSchema>

/** The header's background video (spec 01 §3): an mp4 link (spec 01 §5) and its poster. */
export const headerVideoSchema = z.object({
  link: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || isMp4Url(v), blockEditorTexts.header.mp4Only)
    .default(''),
  poster: imageRefSchema.optional(),
})
export type HeaderVideo = z.output<typeof headerVideoSchema>

export const OVERLAYER_WIDTH_MIN = 10
export const OVERLAYER_WIDTH_MAX = 100
export const overlayerPositions = ['start', 'center', 'end'] as const

/** A picture laid over the header (spec 01 §3): position start, center or end; width 10 to 100 % (spec 01 §5). */
export const headerOverlayerSchema = z.object({
  image: imageRefSchema.default({ imageId: '', alt: '' }),
  position: z.enum(overlayerPositions).default('end'),
  width: z.number().int().min(OVERLAYER_WIDTH_MIN).max(OVERLAYER_WIDTH_MAX).default(30),
})
export type HeaderOverlayer = z.output<typeof headerOverlayerSchema>

export const headerSchema = z
  .object({
    title: translatable(z.string().max(300)).default(''),
    anchorText: translatable(z.string().max(300)).optional(),
    description: translatable(z.string().max(2000)).optional(),
    subTitle: translatable(z.string().max(300)).optional(),
    flagText: translatable(z.string().max(100)).optional(),
    heading: translatable(z.string().max(300)).optional(),
    subheading: translatable(z.string().max(300)).optional(),
    image: imageRefSchema.optional(),
    headerLinks: z
      .object({
        left: z.object({ title: translatable(z.string()).default(''), links: z.array(linkSchema).default([]) }).optional(),
        right: z.object({ title: translatable(z.string()).default(''), links: z.array(linkSchema).default([]) }).optional(),
      })
      .optional(),
    breadcrumb: z.array(z.object({ type: z.string(), href: z.string(), text: translatable(z.string()) })).optional(),
    video: headerVideoSchema.optional(),
    overlayer: headerOverlayerSchema.optional(),
  })
  .catchall(z.unknown())
export type PageHeader = z.infer<typeof headerSchema>

/** The page document the API and the views exchange. */
export interface PageDoc {
  _id: string
  slug: string
  pageType: string
  template: string
  header: PageHeader
  contents: StoredBlock[]
  published: boolean
  lastPublished: string | null
  updatedAt: string
  createdAt: string
  domainId: string
  version: number
  title?: string
  description?: string
  showBreadcrumb?: boolean
  backgroundColour?: string
  headerType?: string
  og?: { title?: string; description?: string; image?: { imageId: string; v?: number } }
  [extra: string]: unknown
}

export const navSchema = z.object({
  siteName: translatable(z.string().max(120)).default(''),
  logo: imageRefSchema.optional(),
  items: z
    .array(
      z.object({
        text: translatable(z.string().max(80)),
        href: z.string().max(2000).default(''),
        type: z.enum(linkTypes).default('page'),
        groups: z
          .array(z.object({ title: translatable(z.string().max(80)).default(''), links: z.array(linkSchema).default([]) }))
          .default([]),
      }),
    )
    .default([]),
  cta: linkSchema.optional(),
})
export type NavDoc = z.infer<typeof navSchema> & { _id?: string; domainId: string }

export const footerSchema = z.object({
  copy: translatable(z.string().max(500)).default(''),
  linkGroups: z
    .array(z.object({ title: translatable(z.string().max(80)).default(''), links: z.array(linkSchema).default([]) }))
    .default([]),
  privacy: linkSchema.optional(),
  terms: linkSchema.optional(),
  visitorInformation: z
    .object({
      title: translatable(z.string().max(120)).default(''),
      address: translatable(z.string().max(300)).default(''),
      phone: z.string().max(60).default(''),
      email: z.string().max(200).default(''),
      hours: translatable(z.string().max(300)).default(''),
    })
    .optional(),
  social: z.array(z.object({ network: z.string().max(40), href: z.string().max(2000) })).default([]),
})
export type FooterDoc = z.infer<typeof footerSchema> & { _id?: string; domainId: string }

const socialMetaSchema = z.object({
  image: z.object({ imageId: z.string().default(''), v: z.number().int().min(1).optional() }).default({ imageId: '' }),
  keywords: translatable(z.string().max(500)).default(''),
  title: translatable(z.string().max(200)).default(''),
  description: translatable(z.string().max(500)).default(''),
})
export const siteSettingsSchema = z.object({
  og: socialMetaSchema.default({ image: { imageId: '' }, keywords: '', title: '', description: '' }),
  twitter: socialMetaSchema.default({ image: { imageId: '' }, keywords: '', title: '', description: '' }),
  redirects: z
    .array(
      z.object({
        from: z.string().max(2000),
        to: z.string().max(2000),
        status: z.union([z.literal(301), z.literal(302)]).default(301),
        prefix: z.boolean().default(false),
      }),
    )
    .default([]),
  categories: z.array(z.unknown()).default([]),
  /** The checks before publishing an admin made blocking (issue 34, lib/publish-checks.ts); the others only warn. */
  publishChecks: z.array(z.enum(PUBLISH_CHECKS)).max(PUBLISH_CHECKS.length).default([]),
  /** Third parties loaded after the visitor's consent; empty or absent = not loaded. */
  analyticsId: z
    .string()
    .trim()
    .max(40)
    .regex(/^$|^(G|UA|AW|DC)-[A-Za-z0-9-]{4,30}$/, 'An analytics id looks like G-XXXXXXX')
    .optional(),
  pixelId: z
    .string()
    .trim()
    .max(20)
    .regex(/^$|^\d{6,20}$/, 'A pixel id is 6 to 20 digits')
    .optional(),
  tagManagerId: z
    .string()
    .trim()
    .max(20)
    .regex(/^$|^GTM-[A-Za-z0-9]{4,12}$/, 'A tag manager id looks like GTM-XXXXXX')
    .optional(),
})
export type SiteSettingsDoc = z.infer<typeof siteSettingsSchema> & { _id: 'siteSettings'; domainId: string }

export interface DomainDoc {
  _id: string
  name: string
  hostnames: string[]
  published: boolean
  /**
   * The languages its visitors can read it in (issue 33): the default (addresses without a
   * prefix) and the others. Absent in a save that does not change them; English only when never set.
   */
  languages?: DomainLanguages
  /** Bumped by every save; a save of an existing domain sends the version it loaded. */
  version?: number
}
