import { createHash } from 'node:crypto'
import { createRoute, z } from '@hono/zod-openapi'
import { escapeHtml } from '#lib/html'
import { ACTIVITY_KINDS, siteDayEnd, siteDayStart, TEAM_ROLES, teamTexts } from '#lib/team'
import { AppError } from '../services/errors.ts'
import { ADMIN_ROLE, editorRoute, roleRoute } from './access.ts'
import { createRouter } from './context.ts'
import { errorResponses, errorSchema, json, serialQuery } from './schemas.ts'

/** The editors panel, my account and the activity log (issue 21). */

const memberSchema = z
  .object({
    _id: z.string(),
    username: z.string(),
    email: z.string(),
    role: z.enum(TEAM_ROLES).nullable(),
    roles: z.array(z.string()),
    status: z.enum(['pending', 'active', 'deactivated']),
    lastSignInAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('TeamMember')

const activitySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    userId: z.string().nullable(),
    username: z.string().nullable(),
    kind: z.string(),
    action: z.string(),
    domainId: z.string().nullable(),
    subjectId: z.string().nullable(),
    subject: z.string(),
  })
  .openapi('ActivityEntry')

const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } })
const idBody = body(z.object({ id: z.string().min(1).max(100) }))
const denied = { 401: json(errorSchema, 'Not signed in'), 403: json(errorSchema, 'Not an admin') }
const ymd = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Not a date')

const list = roleRoute(ADMIN_ROLE, {
  method: 'get',
  path: '/list',
  summary: 'The editors with their roles, state and last sign-in (admins only)',
  responses: { 200: json(z.object({ editors: z.array(memberSchema) }), 'Editors'), ...denied },
})

const invite = roleRoute(ADMIN_ROLE, {
  method: 'post',
  path: '/invite',
  summary: 'Invites an editor by e-mail: the link to choose a password goes through the outbox (admins only)',
  request: body(
    z.object({
      username: z.string().trim().min(3, 'Username must be at least 3 characters').max(80),
      email: z.string().trim().max(254).email('Please provide a valid email address'),
      role: z.enum(TEAM_ROLES),
    }),
  ),
  responses: { 200: json(z.object({ editor: memberSchema }), 'Invited'), ...denied, 409: json(errorSchema, 'Taken'), ...errorResponses },
})

const resendInvite = roleRoute(ADMIN_ROLE, {
  method: 'post',
  path: '/resendInvite',
  summary: 'Sends a pending invitation again with a new link (admins only)',
  request: idBody,
  responses: {
    200: json(z.object({ editor: memberSchema }), 'Sent'),
    ...denied,
    404: json(errorSchema, 'No such editor'),
    ...errorResponses,
  },
})

const inviteLink = roleRoute(ADMIN_ROLE, {
  method: 'post',
  path: '/inviteLink',
  summary:
    "A pending invitation's link to choose a password, for the admin to pass on by hand (a site without mail); e-mailed links keep working (admins only)",
  request: idBody,
  responses: {
    200: json(z.object({ editor: memberSchema, link: z.string() }), 'The link'),
    ...denied,
    404: json(errorSchema, 'No such editor'),
    409: json(errorSchema, 'Not pending'),
    ...errorResponses,
  },
})

const withdrawInvite = roleRoute(ADMIN_ROLE, {
  method: 'post',
  path: '/withdrawInvite',
  summary: 'Withdraws a pending invitation (admins only)',
  request: idBody,
  responses: {
    200: json(z.object({ message: z.string() }), 'Withdrawn'),
    ...denied,
    404: json(errorSchema, 'No such editor'),
    ...errorResponses,
  },
})

const setRole = roleRoute(ADMIN_ROLE, {
  method: 'post',
  path: '/setRole',
  summary: "Changes an editor's team role; the last admin keeps theirs (admins only)",
  request: body(z.object({ id: z.string().min(1).max(100), role: z.enum(TEAM_ROLES) })),
  responses: {
    200: json(z.object({ editor: memberSchema }), 'Changed'),
    ...denied,
    404: json(errorSchema, 'No such editor'),
    ...errorResponses,
  },
})

const deactivate = roleRoute(ADMIN_ROLE, {
  method: 'post',
  path: '/deactivate',
  summary: 'Deactivates an editor: every session ends at once, sign-in stops, history stays (admins only)',
  request: idBody,
  responses: {
    200: json(z.object({ editor: memberSchema }), 'Deactivated'),
    ...denied,
    404: json(errorSchema, 'No such editor'),
    ...errorResponses,
  },
})

const knownRoles = roleRoute(ADMIN_ROLE, {
  method: 'get',
  path: '/knownRoles',
  summary: 'Role names in use (team roles and the page roles editors hold), for page permissions (admins only)',
  responses: { 200: json(z.object({ roles: z.array(z.string()) }), 'Role names'), ...denied },
})

const activityList = editorRoute({
  method: 'get',
  path: '/activity',
  summary: 'The activity log, newest first; days are in the site time zone',
  request: {
    query: z.object({
      userId: z.string().max(100).optional(),
      kind: z.enum(ACTIVITY_KINDS).optional(),
      from: ymd.optional(),
      to: ymd.optional(),
      limit: z.coerce.number().int().min(1).max(500).optional(),
      before: serialQuery.optional(),
    }),
  },
  responses: {
    200: json(z.object({ entries: z.array(activitySchema) }), 'Entries'),
    401: json(errorSchema, 'Not signed in'),
    ...errorResponses,
  },
})

const changeEmail = editorRoute({
  method: 'post',
  path: '/changeEmail',
  summary: 'E-mails a confirmation link to a new address for the signed-in editor',
  request: body(z.object({ email: z.string().trim().max(254).email('Please provide a valid email address') })),
  responses: { 200: json(z.object({ message: z.string() }), 'Link sent'), 401: json(errorSchema, 'Not signed in'), ...errorResponses },
})

const confirmEmailPage = createRoute({
  method: 'get',
  path: '/confirmEmail',
  summary: 'The link e-mailed to a new address: a page with one button that confirms it',
  description:
    'Following the link changes nothing (mail scanners follow links too): the page posts the token back when its owner presses Confirm.',
  request: { query: z.object({ token: z.string().min(10).max(200) }) },
  responses: { 200: { description: 'The confirmation page', content: { 'text/html': { schema: z.string() } } }, ...errorResponses },
})

const confirmEmail = createRoute({
  method: 'post',
  path: '/confirmEmail',
  summary: 'Confirms a new e-mail address (the form of the e-mailed page) and returns to the site',
  request: {
    body: {
      content: { 'application/x-www-form-urlencoded': { schema: z.object({ token: z.string().min(10).max(200) }) } },
      required: true,
    },
  },
  responses: { 302: { description: 'Back to the site, saying whether it worked' }, ...errorResponses },
})

/** The page behind the e-mailed link: plain HTML that works without JavaScript. */
const confirmEmailStyle =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1c1917}button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.4rem;background:#7f1d2d;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #1c1917;outline-offset:2px}'

/**
 * The confirmation page runs no script; its one style is allowed by its hash, and its form may post
 * back here only (decision 027: an API answer otherwise allows nothing, not even its form).
 */
const confirmEmailPolicy = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(confirmEmailStyle).digest('base64')}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`

function confirmEmailHtml(token: string): string {
  const t = teamTexts.account
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t.confirmEmailTitle)}</title>
<style>${confirmEmailStyle}</style></head>
<body><main><h1>${escapeHtml(t.confirmEmailTitle)}</h1><p>${escapeHtml(t.confirmEmailText)}</p>
<form method="post" action="confirmEmail"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">${escapeHtml(t.confirmEmailButton)}</button></form></main></body></html>`
}

export const teamRouter = createRouter()
  .openapi(list, async (c) => c.json({ editors: await c.var.services.team.list() }, 200))
  .openapi(invite, async (c) => c.json({ editor: await c.var.services.team.invite(c.req.valid('json'), { user: c.var.user }) }, 200))
  .openapi(resendInvite, async (c) =>
    c.json({ editor: await c.var.services.team.resendInvite(c.req.valid('json').id, { user: c.var.user }) }, 200),
  )
  .openapi(inviteLink, async (c) => c.json(await c.var.services.team.inviteLink(c.req.valid('json').id, { user: c.var.user }), 200))
  .openapi(withdrawInvite, async (c) => {
    await c.var.services.team.withdrawInvite(c.req.valid('json').id, { user: c.var.user })
    return c.json({ message: 'Invitation withdrawn' }, 200)
  })
  .openapi(setRole, async (c) => {
    const { id, role } = c.req.valid('json')
    return c.json({ editor: await c.var.services.team.setRole(id, role, { user: c.var.user }) }, 200)
  })
  .openapi(deactivate, async (c) =>
    c.json({ editor: await c.var.services.team.deactivate(c.req.valid('json').id, { user: c.var.user }) }, 200),
  )
  .openapi(knownRoles, async (c) => c.json({ roles: await c.var.services.team.knownRoles() }, 200))
  .openapi(activityList, async (c) => {
    const q = c.req.valid('query')
    const entries = await c.var.services.activity.list({
      userId: q.userId,
      kind: q.kind,
      from: q.from ? siteDayStart(q.from) : undefined,
      // "to" names the last day shown: up to the start of the next one.
      to: q.to ? siteDayEnd(q.to) : undefined,
      limit: q.limit,
      before: q.before,
    })
    return c.json({ entries }, 200)
  })
  .openapi(changeEmail, async (c) => c.json(await c.var.services.team.requestEmailChange(c.var.user!._id, c.req.valid('json').email), 200))
  .openapi(confirmEmailPage, (c) => {
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    c.header('Content-Security-Policy', confirmEmailPolicy)
    return c.html(confirmEmailHtml(c.req.valid('query').token), 200)
  })
  .openapi(confirmEmail, async (c) => {
    try {
      await c.var.services.team.confirmEmailChange(c.req.valid('form').token)
      return c.redirect('/?emailChanged=1', 302)
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      return c.redirect('/?emailChanged=0', 302)
    }
  })
