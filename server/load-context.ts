import type { DomainDoc } from '#lib/content'
import type { Services } from './services/index.ts'

/** What React Router loaders receive from the Hono server (server/app.ts). */
declare module 'react-router' {
  interface AppLoadContext {
    services: Services
    domain: DomainDoc | null
  }
}
