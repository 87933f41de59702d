import type { DomainDoc } from '#lib/content'
import type { DomainLanguages, LocaleCode } from '#lib/locales'
import type { PagePolicy } from './content-security-policy.ts'
import type { PageDependencies } from './page-cache.ts'
import type { Services } from './services/index.ts'
import type { PublicUser } from './services/users.ts'

/** What React Router loaders receive from the Hono server (server/app.ts). */
declare module 'react-router' {
  interface AppLoadContext {
    services: Services
    domain: DomainDoc | null
    /**
     * The language of this page (issue 33, docs/decisions/019): taken from the address's prefix
     * before routing (`/de/about` is the page `/about` in German); the domain's default without one.
     */
    locale: LocaleCode
    /** The languages the domain offers (its default first in `offeredLocales`). */
    languages: DomainLanguages
    /** The signed-in editor; null for visitors (whose pages may be cached). */
    user: PublicUser | null
    /** The caller's address (X-Forwarded-For behind a trusted proxy), for rate limits. */
    clientIp: string
    /** The database did not answer: pages answer 503 instead of hanging or guessing. */
    unavailable: boolean
    /**
     * Reports an error thrown while loading or rendering a page (app/entry.server.tsx): logged at
     * level error, so with SENTRY_DSN set it reaches Sentry like a failed API request.
     */
    reportError: (error: unknown, request: Request) => void
    /**
     * What the page shows (its own page, listings, a story), recorded by the loaders as they read
     * it: the page cache drops the page only when one of those is published (server/page-cache.ts).
     */
    dependencies?: PageDependencies
    /**
     * This answer's Content-Security-Policy nonce (server/content-security-policy.ts): on every inline
     * script the render writes (app/entry.server.tsx, app/root.tsx).
     */
    cspNonce?: string
    /** What the page adds to its policy (its domain's consent-bound third parties, its blocks' embeds), recorded by the loaders. */
    contentPolicy?: PagePolicy
  }
}
