import { z } from '@hono/zod-openapi'
import { LOCALE_CODES } from '#lib/locales'
import { TRANSLATION_ID_MAX } from '#lib/translatable'
import { invalidInput } from '../services/errors.ts'
import { TRANSLATION_KINDS, type TranslationKind } from '../services/translations.ts'
import { editorRoute } from './access.ts'
import { createRouter, domainIdOf, type ApiEnv } from './context.ts'
import { domainIdParam, errorResponses, errorSchema, json, serialNumber, serialQuery, versionNumber } from './schemas.ts'

/**
 * A further language's texts of a page, the navigation, the footer or site settings (issue 33,
 * docs/decisions/025): load, save (merged field by field, 018), publish and unpublish one language,
 * its history and restore. The structure and the default language's texts stay with page/* and
 * site/*; nothing here changes them or another language.
 */
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } })
const editorErrors = {
  401: json(errorSchema, 'Not signed in'),
  403: json(errorSchema, 'Not allowed'),
  404: json(errorSchema, 'No such page or domain'),
  ...errorResponses,
}
const conflictResponse = {
  409: json(errorSchema, 'Saved by someone else since it was loaded (with the fields both changed), or the structure is not published'),
}

const kind = z.enum(TRANSLATION_KINDS).openapi({
  description:
    "What is translated: a page, a listing category's name, or the domain's nav, footer, siteSettings or tags (friendly tag names)",
})
const subject = {
  kind,
  id: z.string().min(1).max(200).optional().openapi({
    description: "The page's or category's id; for nav, footer, siteSettings and tags the domain's id (default: the request's domain)",
  }),
  locale: z.string().min(2).max(20).openapi({ description: 'A further language of the domain (de, zh-Hans), never its default' }),
  domainId: domainIdParam,
}
const fields = z
  .record(z.string().min(1).max(TRANSLATION_ID_MAX), z.unknown())
  .openapi({ description: 'Field id → text written in this language; an empty text removes the translation (the field falls back)' })
const resolutions = z
  .record(z.string().max(2000), z.enum(['mine', 'theirs']))
  .optional()
  .openapi({ description: "After a 409 naming conflicts: each conflict's id (the field id) with the side to keep" })
const suggested = z.array(z.string().min(1).max(TRANSLATION_ID_MAX)).max(5000).optional().openapi({
  description:
    'The sent fields that are machine suggestions nobody has reviewed yet: kept marked for review with the draft (answered as `suggested`). A sent field not named here loses its mark.',
})
const texts = z
  .record(z.string(), z.string())
  .openapi({ description: 'Field id → text in this language (lib/translatable.ts Translation)' })
/** A translation as the service answers it (services/translations.ts LoadedTranslation). */
const translationSchema = z
  .object({
    kind,
    id: z.string(),
    locale: z.enum(LOCALE_CODES),
    fields: texts,
    suggested: z.array(z.string()),
    published: texts.nullable(),
    version: z.number().int(),
    lastPublished: z.string().nullable(),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
    untranslated: z.number().int(),
    total: z.number().int(),
  })
  .openapi('Translation')
const translationAnswer = json(translationSchema, 'The translation: draft texts, published texts, version, counts')
/** A save's (and a publish with fields') answer: the fields it dropped, and what it merged from saves since (services/translations.ts TranslationMergeReport). */
const savedTranslationAnswer = json(
  translationSchema.extend({
    dropped: z.array(z.string()).openapi({ description: 'Sent field ids the structure does not have (not stored)' }),
    merge: z.object({ baseVersion: z.number().int(), by: z.array(z.string()), changes: z.array(z.string()) }).optional(),
  }),
  'The saved translation',
)

/** One row of a language's history (services/translations.ts versions). */
const translationVersion = z
  .object({
    id: z.number().int(),
    version: z.number().int(),
    action: z.string(),
    username: z.string().nullable(),
    createdAt: z.string(),
    locale: z.string(),
  })
  .openapi('TranslationVersion')

const load = editorRoute({
  method: 'get',
  path: '/load',
  summary: "A language's draft texts of a page or site document, with how many texts are not translated",
  request: { query: z.object(subject) },
  responses: { 200: translationAnswer, ...editorErrors },
})

const save = editorRoute({
  method: 'post',
  path: '/save',
  summary: "Save a language's draft texts (only what was written in it)",
  description:
    'Send every text written in this language (the whole draft): a field left out or empty has no translation and shows the default text. Ids naming no text of the structure are not stored and come back as `dropped`. Once a translation exists the version you loaded is required (400 without it); a save based on an older version is merged field by field with what was saved since (`merge` in the answer), and a field both changed answers 409 with details.conflicts until it is sent with `resolutions`. force: true overwrites knowingly.',
  request: body(
    z.object({
      ...subject,
      fields,
      suggested,
      version: versionNumber.optional(),
      force: z.boolean().default(false),
      resolutions,
    }),
  ),
  responses: { 200: savedTranslationAnswer, ...conflictResponse, ...editorErrors },
})

const publish = editorRoute({
  method: 'post',
  path: '/publish',
  summary: 'Publish a language: visitors read its texts. Nothing of the default language or another language changes',
  description:
    'With `fields` the draft is saved first (as translation/save). The structure must be published (409 otherwise): publish the page in its default language, or with page/publishPage and allLanguages: true.',
  request: body(
    z.object({
      ...subject,
      fields: fields.optional(),
      suggested,
      version: versionNumber.optional(),
      force: z.boolean().default(false),
      resolutions,
    }),
  ),
  responses: { 200: savedTranslationAnswer, ...conflictResponse, ...editorErrors },
})

const unpublish = editorRoute({
  method: 'post',
  path: '/unpublish',
  summary: "Withdraw a language's published texts: visitors read the default text again; the draft stays",
  request: body(z.object(subject)),
  responses: { 200: translationAnswer, ...editorErrors },
})

const versions = editorRoute({
  method: 'get',
  path: '/versions',
  summary: "A language's saved and published versions, newest first, with who and when",
  request: { query: z.object(subject) },
  responses: { 200: json(z.array(translationVersion), 'Versions'), ...editorErrors },
})

const version = editorRoute({
  method: 'get',
  path: '/version',
  summary: "One version's texts, to preview them",
  request: { query: z.object({ ...subject, versionId: serialQuery }) },
  responses: { 200: json(z.object({}).catchall(z.unknown()), 'The version'), ...editorErrors },
})

const restore = editorRoute({
  method: 'post',
  path: '/restoreVersion',
  summary: "Make an older version of a language's texts its draft again (publish to show it)",
  request: body(z.object({ ...subject, versionId: serialNumber })),
  responses: { 200: translationAnswer, ...editorErrors },
})

const suggest = editorRoute({
  method: 'post',
  path: '/suggest',
  summary: "Machine translation suggestions for a language's untranslated texts (nothing is saved or published)",
  description:
    "Sends the default language's texts of the named fields (or of every field without a translation in the stored draft) to the machine translation provider (DeepL, DEEPL_API_KEY) and answers its translations as `suggestions` (field id → text). A field with a stored translation is never suggested over (it is listed in `skipped`). The editor puts the suggestions into the draft for review, marked as machine suggestions; saving and publishing stay the editor's. 503 when no provider is configured or the provider fails (its quota used up, the key refused).",
  request: body(
    z.object({
      ...subject,
      fields: z
        .array(z.string().min(1).max(TRANSLATION_ID_MAX))
        .max(1000)
        .optional()
        .openapi({ description: 'The field ids to suggest a translation for; absent: every untranslated text' }),
    }),
  ),
  responses: {
    200: json(
      z.object({ provider: z.literal('deepl'), suggestions: z.record(z.string(), z.string()), skipped: z.array(z.string()) }),
      'The suggestions',
    ),
    503: json(errorSchema, 'No machine translation provider is configured, or it failed'),
    ...editorErrors,
  },
})

interface SubjectQuery {
  kind: TranslationKind
  id?: string | undefined
  domainId?: string | undefined
}

/** The subject's id and the domain it must belong to: a page names its id, a site document is its domain's. */
function requireId(c: { var: ApiEnv['Variables'] }, query: SubjectQuery) {
  const domainId = domainIdOf(c, query.domainId)
  const named = query.kind === 'page' || query.kind === 'category'
  const id = named ? query.id : (query.id ?? domainId)
  if (!id)
    throw invalidInput(`A ${query.kind} translation names the ${query.kind}`, [{ path: 'id', message: `Required for a ${query.kind}` }])
  return { id, domainId }
}

export const translationRouter = createRouter()
  .openapi(load, async (c) => {
    const query = c.req.valid('query')
    const { id, domainId } = requireId(c, query)
    return c.json({ ...(await c.var.services.translations.load(query.kind, id, query.locale, { user: c.var.user }, domainId)) }, 200)
  })
  .openapi(save, async (c) => {
    const input = c.req.valid('json')
    const { id, domainId } = requireId(c, input)
    const saved = await c.var.services.translations.save(
      input.kind,
      id,
      input.locale,
      input.fields,
      { user: c.var.user },
      {
        version: input.version,
        force: input.force,
        resolutions: input.resolutions,
        suggested: input.suggested,
        domainId,
      },
    )
    return c.json({ ...saved }, 200)
  })
  .openapi(publish, async (c) => {
    const input = c.req.valid('json')
    const { id, domainId } = requireId(c, input)
    const actor = { user: c.var.user }
    const { translations } = c.var.services
    const saved = input.fields
      ? await translations.save(input.kind, id, input.locale, input.fields, actor, {
          version: input.version,
          force: input.force,
          resolutions: input.resolutions,
          suggested: input.suggested,
          domainId,
        })
      : null
    const published = await translations.publish(input.kind, id, input.locale, actor, domainId)
    return c.json({ ...published, ...(saved?.merge ? { merge: saved.merge } : {}), dropped: saved?.dropped ?? [] }, 200)
  })
  .openapi(unpublish, async (c) => {
    const input = c.req.valid('json')
    const { id, domainId } = requireId(c, input)
    return c.json({ ...(await c.var.services.translations.unpublish(input.kind, id, input.locale, { user: c.var.user }, domainId)) }, 200)
  })
  .openapi(suggest, async (c) => {
    const input = c.req.valid('json')
    const { id, domainId } = requireId(c, input)
    const answer = await c.var.services.machineTranslation.suggest(
      input.kind,
      id,
      input.locale,
      { user: c.var.user },
      {
        fieldIds: input.fields,
        domainId,
      },
    )
    return c.json(answer, 200)
  })
  .openapi(versions, async (c) => {
    const query = c.req.valid('query')
    const { id, domainId } = requireId(c, query)
    return c.json(await c.var.services.translations.versions(query.kind, id, query.locale, { user: c.var.user }, domainId), 200)
  })
  .openapi(version, async (c) => {
    const query = c.req.valid('query')
    const { id, domainId } = requireId(c, query)
    return c.json(
      await c.var.services.translations.versionFields(query.kind, id, query.locale, query.versionId, { user: c.var.user }, domainId),
      200,
    )
  })
  .openapi(restore, async (c) => {
    const input = c.req.valid('json')
    const { id, domainId } = requireId(c, input)
    return c.json(
      { ...(await c.var.services.translations.restore(input.kind, id, input.locale, input.versionId, { user: c.var.user }, domainId)) },
      200,
    )
  })
