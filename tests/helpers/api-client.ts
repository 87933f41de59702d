/**
 * Calls the API as a signed-in editor or as a visitor through app.request(), the way the
 * browser's fetch would (JSON bodies, Bearer token, the site's own Host).
 */
import type { TestApp } from './app.ts'

export interface Caller {
  get(path: string): Promise<Response>
  post(path: string, body?: unknown): Promise<Response>
}

export function visitor(t: TestApp, host = 'localhost'): Caller {
  return caller(t, host)
}

/** Creates the account when missing, signs it in and answers its session token. */
export async function signInToken(
  t: TestApp,
  user: { username: string; email?: string; password: string; roles?: string[] },
  host = 'localhost',
): Promise<string> {
  if (!(await t.services.users.findByLogin(user.username))) {
    await t.services.users.create({
      username: user.username,
      email: user.email ?? `${user.username}@example.com`,
      password: user.password,
      roles: user.roles ?? [],
    })
  }
  const res = await caller(t, host).post('/api/user/login', { username: user.username, password: user.password })
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { token: string }).token
}

export async function signIn(
  t: TestApp,
  user: { username: string; email?: string; password: string; roles?: string[] },
  host = 'localhost',
): Promise<Caller> {
  return caller(t, host, await signInToken(t, user, host))
}

function caller(t: TestApp, host: string, token?: string): Caller {
  const headers = (extra: Record<string, string> = {}) => ({ host, ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra })
  return {
    get: (path) => Promise.resolve(t.app.request(path, { headers: headers() })),
    post: (path, body) =>
      Promise.resolve(
        t.app.request(path, {
          method: 'POST',
          headers: headers({ 'content-type': 'application/json' }),
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      ),
  }
}
