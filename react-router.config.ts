import type { Config } from '@react-router/dev/config'

export default {
  appDirectory: 'app',
  // BUILD_DIR lets several checkouts' test runs build side by side (default build/).
  buildDirectory: process.env.BUILD_DIR || 'build',
  ssr: true,
  // React Router v8's changes, each declined for now (issue 31: the five "Future Flag Warning"s at
  // every start). Each changes behaviour the site relies on: v8_middleware replaces the load
  // context the Hono server hands every loader (server/load-context.ts); the others change how
  // route modules are split, built, and how requests and data URLs are handled. Turning one on is
  // an upgrade of its own, with the e2e suite run on it.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config
