import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'
import { teamRoleOf } from '#lib/team'
import { texts } from '#lib/texts'
import { authMessages } from '../services/auth.ts'
import { AppError } from '../services/errors.ts'
import { passwordSchema } from '../services/users.ts'
import { ADMIN_ROLE, editorRoute, roleRoute } from './access.ts'
import { clientIp, isHttps } from './client.ts'
import { createRouter, type ApiEnv } from './context.ts'
import { errorResponses, errorSchema, json } from './schemas.ts'

export const AUTH_COOKIE = 'authToken'

const userSchema = z.object({ _id: z.string(), username: z.string(), email: z.string(), roles: z.array(z.string()) }).openapi('User')
const messageSchema = z.object({ message: z.string() })

// Spec 01 §5: username and password required, minimum length 3.
const loginBody = z.object({
  username: z.string().trim().min(3, 'Username must be at least 3 characters').max(200),
  password: z.string().min(3, 'Password must be at least 3 characters').max(200),
})
const emailField = z
  .string({ error: 'Please provide your email address' })
  .trim()
  .min(1, 'Please provide your email address')
  .max(254)
  .email('Please provide a valid email address')

const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } })

function setSessionCookie(c: Context<ApiEnv>, token: string, expiresAt: Date) {
  const trustProxy = c.var.services.config.auth.trustProxy
  setCookie(c, AUTH_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c, trustProxy) || c.var.services.config.baseUrl.startsWith('https:'),
    expires: expiresAt,
  })
}

const login = createRoute({
  method: 'post',
  path: '/login',
  summary: 'Sign in with username or e-mail; sets the authToken cookie and answers the token',
  request: body(loginBody),
  responses: {
    200: json(z.object({ statusCode: z.literal(200), token: z.string(), user: userSchema }), 'Signed in'),
    401: json(errorSchema, 'Wrong username or password'),
    429: json(errorSchema, 'Too many attempts'),
    ...errorResponses,
  },
})

const me = createRoute({
  method: 'post',
  path: '/me',
  summary: 'The signed-in user',
  responses: { 200: json(z.object({ user: userSchema }), 'The user'), 401: json(errorSchema, 'Not signed in') },
})

const logout = createRoute({
  method: 'post',
  path: '/logout',
  summary: 'Ends the session on the server and clears the cookie',
  responses: { 200: json(messageSchema, 'Signed out') },
})

const forgotPassword = createRoute({
  method: 'post',
  path: '/forgotPassword',
  summary: 'E-mails a password reset link; the same answer whether or not the address has an account',
  request: body(z.object({ email: emailField })),
  responses: { 200: json(messageSchema, 'Accepted'), 429: json(errorSchema, 'Too many attempts'), ...errorResponses },
})

const setPassword = createRoute({
  method: 'post',
  path: '/setPassword',
  summary: 'Sets a new password with the token from the e-mailed link',
  request: body(z.object({ email: emailField, password: passwordSchema, token: z.string().min(10).max(200) })),
  responses: { 200: json(messageSchema, 'Password changed'), ...errorResponses },
})

const changePassword = editorRoute({
  method: 'post',
  path: '/changePassword',
  summary: "Changes the signed-in user's password and ends their other sessions",
  request: body(z.object({ currentPassword: z.string().min(1).max(200), newPassword: passwordSchema })),
  responses: { 200: json(messageSchema, 'Password changed'), 401: json(errorSchema, 'Not signed in'), ...errorResponses },
})

const createUser = roleRoute(ADMIN_ROLE, {
  method: 'post',
  path: '/create',
  summary: 'Creates an editor without a password and e-mails them the link to choose one (admins only)',
  request: body(
    z.object({
      username: z.string().trim().min(3).max(80),
      email: emailField,
      roles: z.array(z.string().min(1).max(60)).max(20).default([]),
    }),
  ),
  responses: {
    200: json(z.object({ user: userSchema }), 'Created'),
    401: json(errorSchema, 'Not signed in'),
    403: json(errorSchema, 'Not an admin'),
    409: json(errorSchema, 'Username or e-mail taken'),
    ...errorResponses,
  },
})

export const userRouter = createRouter()
  .openapi(login, async (c) => {
    const { username, password } = c.req.valid('json')
    const { services } = c.var
    const session = await services.auth.login(username, password, {
      ip: clientIp(c, services.config.auth.trustProxy),
      userAgent: c.req.header('user-agent'),
    })
    setSessionCookie(c, session.token, session.expiresAt)
    return c.json({ statusCode: 200 as const, token: session.token, user: session.user }, 200)
  })
  .openapi(me, async (c) => {
    if (!c.var.user) throw new AppError('unauthorised', 'Not signed in')
    return c.json({ user: c.var.user }, 200)
  })
  .openapi(logout, async (c) => {
    if (c.var.sessionTokenHash) await c.var.services.auth.logout(c.var.sessionTokenHash)
    deleteCookie(c, AUTH_COOKIE, { path: '/' })
    return c.json({ message: 'Signed out' }, 200)
  })
  .openapi(forgotPassword, async (c) => {
    const { email } = c.req.valid('json')
    const { services } = c.var
    return c.json(await services.auth.requestPasswordReset(email, { ip: clientIp(c, services.config.auth.trustProxy) }), 200)
  })
  .openapi(setPassword, async (c) => {
    const { email, password, token } = c.req.valid('json')
    await c.var.services.auth.resetPassword(email, token, password)
    return c.json({ message: texts.toasts.passwordReset }, 200)
  })
  .openapi(changePassword, async (c) => {
    const { currentPassword, newPassword } = c.req.valid('json')
    await c.var.services.auth.changePassword(c.var.user!._id, currentPassword, newPassword, c.var.sessionTokenHash!)
    return c.json({ message: 'Password changed' }, 200)
  })
  .openapi(createUser, async (c) => {
    const input = c.req.valid('json')
    // Deny by default: an invitation that names no team role makes an Editor (drafts only; lib/team.ts).
    const roles = teamRoleOf(input.roles) ? input.roles : ['editor', ...input.roles]
    return c.json({ user: await c.var.services.auth.invite({ ...input, roles }, { user: c.var.user }) }, 200)
  })

export { authMessages }
