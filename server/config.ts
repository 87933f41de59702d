import path from 'node:path'
import { z } from 'zod'

/** Every setting comes from the environment; the README lists each one. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  BASE_URL: z.string().url().optional(),
  API_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9_-]+$/, 'API_PREFIX is a single path segment, e.g. api')
    .default('api'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  PAGE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(1000),
})

export interface Config {
  mode: 'development' | 'production' | 'test'
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  baseUrl: string
  apiPrefix: string
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL']
  seedDemo: boolean
  pageCacheMaxEntries: number
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  return {
    mode: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    baseUrl: (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    apiPrefix: e.API_PREFIX,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'true',
    pageCacheMaxEntries: e.PAGE_CACHE_MAX_ENTRIES,
  }
}
