import { createRoute, z } from '@hono/zod-openapi'
import { storySchema } from '#lib/stories'
import { capabilityRoute, editorRoute } from './access.ts'
import { createRouter, domainIdOf } from './context.ts'
import { domainIdParam, errorResponses, errorSchema, idParam, json, versionNumber } from './schemas.ts'

const storySummary = z.object({ _id: z.string(), title: z.string(), slug: z.string(), description: z.string() }).openapi('StorySummary')
/** A chapter page as the story lists it (lib/stories.ts ChapterSummary). */
const chapterSummary = z
  .object({
    _id: z.string(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    image: z.object({ imageId: z.string(), alt: z.string() }).nullable(),
    published: z.boolean(),
  })
  .openapi('ChapterSummary')
/** A story with its chapter pages, as the service answers it (lib/stories.ts Story). */
export const storyAnswer = storySchema
  .extend({
    _id: z.string(),
    slug: z.string(),
    domainId: z.string(),
    published: z.boolean(),
    version: z.number().int(),
    lastPublished: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    chapters: z.array(chapterSummary),
  })
  .openapi('Story')
/**
 * A story as the editor sends it, with the version it loaded (400 without it, 409 when someone
 * saved since, unless force); the server validates its fields (spec 01 §3 Story).
 */
const storyInput = z.object({ _id: idParam, domainId: domainIdParam, version: versionNumber.optional() }).catchall(z.unknown())
const body = {
  body: { content: { 'application/json': { schema: z.object({ story: storyInput, force: z.boolean().default(false) }) } }, required: true },
}
const editorErrors = {
  401: json(errorSchema, 'Not signed in'),
  404: json(errorSchema, 'No such story'),
  409: json(errorSchema, 'The slug is taken, or chapter pages use it'),
  ...errorResponses,
}

const loadStories = createRoute({
  method: 'get',
  path: '/loadStories',
  summary: "The domain's stories (_id, title, slug, description), oldest first",
  request: { query: z.object({ domainId: domainIdParam }) },
  responses: { 200: json(z.array(storySummary), 'Stories'), ...errorResponses },
})

const loadStory = createRoute({
  method: 'get',
  path: '/loadStory',
  summary: 'One story with its chapter pages',
  description:
    'Visitors receive the published copy and the published chapters only; signed-in editors receive the draft and every chapter page.',
  request: { query: z.object({ storyId: idParam, domainId: domainIdParam }) },
  responses: { 200: json(storyAnswer, 'The story'), 404: json(errorSchema, 'No such story'), ...errorResponses },
})

const saveStory = editorRoute({
  method: 'post',
  path: '/saveStory',
  summary: "Save a story's draft",
  request: body,
  responses: { 200: json(storyAnswer, 'The saved story'), ...editorErrors },
})
const publishStory = capabilityRoute('publish', {
  method: 'post',
  path: '/publishStory',
  summary: 'Save a story and publish it (chapter pages show visitors the published copy)',
  request: body,
  responses: { 200: json(storyAnswer, 'The published story'), ...editorErrors },
})

export const chaptersRouter = createRouter()
  .openapi(loadStories, async (c) => c.json(await c.var.services.stories.list(domainIdOf(c, c.req.valid('query').domainId)), 200))
  .openapi(loadStory, async (c) => {
    const { storyId, domainId } = c.req.valid('query')
    return c.json(await c.var.services.stories.load(domainIdOf(c, domainId), storyId, c.var.user ? 'draft' : 'published'), 200)
  })
  .openapi(saveStory, async (c) => {
    const { story, force } = c.req.valid('json')
    return c.json(await c.var.services.stories.save(domainIdOf(c, story.domainId), story, c.var.user, { force }), 200)
  })
  .openapi(publishStory, async (c) => {
    const { story, force } = c.req.valid('json')
    return c.json(await c.var.services.stories.publish(domainIdOf(c, story.domainId), story, c.var.user, { force }), 200)
  })
