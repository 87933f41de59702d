import { createRoute, z } from '@hono/zod-openapi'
import { texts } from '#lib/texts'
import { DEFAULT_CONTROL_ID } from '../services/cart.ts'
import { createRouter } from './context.ts'
import { errorResponses, errorSchema, INT4_MAX, json } from './schemas.ts'

/**
 * The booking cart calls of spec 02 §7 (public: visitors book without signing in), proxied to the
 * booking provider's cart API at BOOKEASY_API_URL.
 */

/** The provider's session id: opaque, bounded, and safe in its query strings. */
const keySchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._~-]+$/, 'A cart key holds letters, digits, . _ ~ and - only')
  .openapi({ description: 'The SessionId from getNewSession' })

/** Spec 02 §3.6 cart item; the provider may add fields of its own, which are kept. */
const cartItemSchema = z
  .object({
    id: z.union([z.string().max(100), z.number()]),
    operatorid: z.union([z.string().max(100), z.number()]).optional(),
    type: z.string().max(40).optional(),
    image: z.string().max(2000).optional(),
    period: z.union([z.string().max(20), z.number()]).optional(),
    adults: z.union([z.string().max(10), z.number()]).optional(),
    children: z.union([z.string().max(10), z.number()]).optional(),
    infants: z.union([z.string().max(10), z.number()]).optional(),
    startdate: z.string().max(40).optional(),
    quotedprice: z.union([z.string().max(40), z.number()]).optional(),
    specials: z.array(z.unknown()).max(50).optional(),
    bookingQuestionAnswers: z.array(z.unknown()).max(100).optional(),
  })
  .catchall(z.unknown())
  .openapi('CartItem')

const unavailable = json(errorSchema, `The provider is unreachable, or gave no session ('${texts.cart.noToken}')`)

const getNewSession = createRoute({
  method: 'get',
  path: '/getNewSession',
  summary: 'A new cart session from the booking provider',
  responses: { 200: json(z.object({ SessionId: z.string() }), 'The session'), 503: unavailable },
})

const getBECart = createRoute({
  method: 'get',
  path: '/getBECart',
  summary: "The provider's copy of a cart",
  request: { query: z.object({ key: keySchema }) },
  responses: {
    200: json(z.object({ cartcontent: z.array(z.record(z.string(), z.unknown())) }), 'The cart'),
    404: json(errorSchema, `'${texts.cart.noData}': the provider holds no cart for this key`),
    503: unavailable,
    ...errorResponses,
  },
})

const saveBECart = createRoute({
  method: 'post',
  path: '/saveBECart',
  summary: 'Save a cart to the booking provider',
  request: {
    body: {
      content: {
        'application/json': {
          schema: z.object({
            key: keySchema,
            controlId: z.number().int().min(0).max(INT4_MAX).default(DEFAULT_CONTROL_ID), // the provider's control id, an int32 in BookEasy's API
            cartcontent: z.array(cartItemSchema).max(50),
            BookedBy: z.string().max(200).optional(),
            IsInternal: z.boolean().optional(),
          }),
        },
      },
      required: true,
    },
  },
  responses: { 200: json(z.object({ saved: z.literal(true) }), 'Saved'), 503: unavailable, ...errorResponses },
})

const deleteBECart = createRoute({
  method: 'get',
  path: '/deleteBECart',
  summary: "Delete the provider's copy of a cart",
  request: { query: z.object({ key: keySchema }) },
  responses: { 200: json(z.object({ deleted: z.literal(true) }), 'Deleted'), 503: unavailable, ...errorResponses },
})

const router = createRouter()
// A visitor's cart is theirs alone: never kept by a CDN or shared cache.
router.use(async (c, next) => {
  await next()
  c.header('Cache-Control', 'private, no-store')
})

export const cartRouter = router
  .openapi(getNewSession, async (c) => c.json(await c.var.services.cart.newSession(), 200))
  .openapi(getBECart, async (c) => c.json(await c.var.services.cart.load(c.req.valid('query').key), 200))
  .openapi(saveBECart, async (c) => {
    await c.var.services.cart.save(c.req.valid('json'))
    return c.json({ saved: true as const }, 200)
  })
  .openapi(deleteBECart, async (c) => {
    await c.var.services.cart.remove(c.req.valid('query').key)
    return c.json({ deleted: true as const }, 200)
  })
