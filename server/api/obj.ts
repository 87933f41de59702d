import { z } from '@hono/zod-openapi'
import { storyInputSchema } from '#lib/stories'
import { storyAnswer } from './chapters.ts'
import { capabilityRoute, editorRoute } from './access.ts'
import { createRouter, domainIdOf } from './context.ts'
import { domainIdParam, errorResponses, errorSchema, idParam, json } from './schemas.ts'

/**
 * The editor's object calls for stories (spec 01 §7 obj/story): list, create, delete. Reading
 * and saving a single story is in chapters.ts.
 */
const storyRow = z.object({ _id: z.string(), title: z.string(), slug: z.string(), description: z.string() })
// Strict: unknown fields are refused, not silently dropped into an untitled story.
const createInput = storyInputSchema.extend({ domainId: domainIdParam }).strict().openapi('NewStory')
const editorErrors = { 401: json(errorSchema, 'Not signed in'), 404: json(errorSchema, 'No such domain'), ...errorResponses }

const listStories = editorRoute({
  method: 'get',
  path: '/story',
  summary: "The domain's stories, for the Chapters panel",
  request: { query: z.object({ domainId: domainIdParam }) },
  responses: { 200: json(z.array(storyRow), 'Stories'), ...editorErrors },
})

const createStory = capabilityRoute('publish', {
  method: 'post',
  path: '/story',
  summary: 'Create a story (its slug follows the story slug rules; empty gives its id)',
  request: { body: { content: { 'application/json': { schema: createInput } }, required: true } },
  responses: {
    200: json(storyAnswer, 'The created story'),
    409: json(errorSchema, 'The slug is taken'),
    ...editorErrors,
  },
})

const deleteStory = capabilityRoute('publish', {
  method: 'delete',
  path: '/story/{id}',
  summary: 'Delete a story (refused while chapter pages belong to it)',
  request: { params: z.object({ id: idParam }), query: z.object({ domainId: domainIdParam }) },
  responses: {
    200: json(z.object({ deleted: z.literal(true) }), 'Deleted'),
    409: json(errorSchema, 'Chapter pages still belong to it'),
    ...editorErrors,
    404: json(errorSchema, 'No such story or domain'),
  },
})

export const objRouter = createRouter()
  .openapi(listStories, async (c) => c.json(await c.var.services.stories.list(domainIdOf(c, c.req.valid('query').domainId)), 200))
  .openapi(createStory, async (c) => {
    const { domainId, ...story } = c.req.valid('json')
    return c.json(await c.var.services.stories.create(domainIdOf(c, domainId), story, c.var.user), 200)
  })
  .openapi(deleteStory, async (c) => {
    await c.var.services.stories.remove(domainIdOf(c, c.req.valid('query').domainId), c.req.valid('param').id, c.var.user)
    return c.json({ deleted: true as const }, 200)
  })
