import { Redis } from 'ioredis'
import { RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { Database } from '../db/client.ts'
import { driverClient } from '../db/query.ts'
import { AppError } from './errors.ts'

/**
 * Where the counters of the rate limits live. They are shared by every instance using the same
 * database (the `rate_limits` table, through rate-limiter-flexible's PostgreSQL store) or, with
 * REDIS_URL, the same Redis: the configured figures hold however many instances run.
 */
export interface LimiterStore {
  kind: 'postgres' | 'redis'
  /** A limiter in this store; `keyPrefix` keeps the limits apart (one table, one key space). */
  limiter(options: { keyPrefix: string; points: number; durationSeconds: number }): RateLimiterAbstract
  /** Resolves once the store can take counts (its table exists). */
  ready(): Promise<void>
  /**
   * Whether counts go where they should: 'degraded' while Redis does not answer and the limits
   * count in the database instead (its insurance store). Answers within timeoutMs.
   */
  health(timeoutMs: number): Promise<{ status: 'ok' | 'degraded'; kind: 'postgres' | 'redis'; error?: string }>
  close(): Promise<void>
}

const TABLE = 'rate_limits'

/** A pg-like client over PGlite: rate-limiter-flexible sends `{ text, values }` and reads `rows`/`rowCount`. */
interface PgLikeClient {
  query(q: { text: string; values?: unknown[] }): Promise<{ rows: Record<string, unknown>[]; rowCount: number }>
}

interface PgliteLike {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[]; affectedRows?: number }>
}

function pgliteClient(client: PgliteLike): PgLikeClient {
  return {
    async query(q) {
      const result = await client.query(q.text, q.values)
      return { rows: result.rows, rowCount: Math.max(result.rows.length, result.affectedRows ?? 0) }
    },
  }
}

/**
 * The store for a database: Redis when a URL is given, else the database itself (PostgreSQL, or the
 * embedded PGlite of a single instance).
 */
export function createLimiterStore(database: Pick<Database, 'db' | 'kind'>, options: { redisUrl?: string | undefined } = {}): LimiterStore {
  const databaseStore = createDatabaseLimiterStore(database)
  if (!options.redisUrl) return databaseStore
  // Connects on the first count (a command-line tool that counts nothing never connects). While
  // Redis is not ready (down, restarting, not yet connected) every count goes at once to the same
  // limit in the database (rate-limiter-flexible's insurance limiter), so sign-ins and searches go on
  // being limited instead of refused with 503; ioredis reconnects by itself and counting moves back.
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true, connectTimeout: 2000 })
  let lastError: string | undefined
  redis.on('error', (err: Error) => {
    // Reported by /health ('degraded'); an idle reconnect needs no log line each time.
    lastError = err.message
  })
  const connect = () => {
    if (redis.status === 'wait') redis.connect().catch(() => {})
  }
  return {
    kind: 'redis',
    limiter: (limit) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: limit.keyPrefix,
        points: limit.points,
        duration: limit.durationSeconds,
        rejectIfRedisNotReady: true,
        insuranceLimiter: databaseStore.limiter(limit),
      }),
    ready: async () => {
      connect()
      await databaseStore.ready()
    },
    health: async (timeoutMs) => {
      connect()
      if (redis.status !== 'ready') return { status: 'degraded', kind: 'redis', error: lastError ?? `Redis is ${redis.status}` }
      try {
        await Promise.race([
          redis.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs).unref()),
        ])
        return { status: 'ok', kind: 'redis' }
      } catch (err) {
        return { status: 'degraded', kind: 'redis', error: (err as Error).message }
      }
    },
    close: async () => {
      redis.disconnect()
    },
  }
}

function createDatabaseLimiterStore(database: Pick<Database, 'db' | 'kind'>): LimiterStore {
  const driver = driverClient(database)
  const client = driver.kind === 'postgres' ? driver.pool : pgliteClient(driver.pglite)
  const storeType = database.kind === 'postgres' ? 'pool' : 'client'
  let created: Promise<void> | undefined
  const ready = () => {
    created ??= (client as PgLikeClient)
      .query({
        text: `CREATE TABLE IF NOT EXISTS "${TABLE}" (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`,
      })
      .then(
        () => undefined,
        (err: { code?: string }) => {
          // Two instances creating the table at once: the other one made it.
          if (err.code === '23505') return
          created = undefined
          throw err
        },
      )
    return created
  }
  return {
    kind: 'postgres',
    limiter: ({ keyPrefix, points, durationSeconds }) =>
      new RateLimiterPostgres({
        storeClient: client,
        storeType,
        tableName: TABLE,
        tableCreated: true,
        keyPrefix,
        points,
        duration: durationSeconds,
      }),
    ready,
    // The database's own health is /health's first check.
    health: async () => ({ status: 'ok', kind: 'postgres' }),
    close: async () => {},
  }
}

export interface RateLimitOptions {
  /** Sign-in and password-reset attempts per client address in 15 minutes. */
  perIp: number
  /** Failed sign-ins (and reset requests) per account in 15 minutes. */
  perAccount: number
  /** Concierge enquiries per client address per hour. */
  enquiryPerHour?: number
  /** Public searches per client address per minute. */
  searchPerMinute?: number
}

/** Keys an account by its id when it exists, else by the name typed (so unknown names are limited too). */
export const accountKey = (account: { id: string } | null | undefined, typed: string) =>
  account ? `id:${account.id}` : `name:${typed.trim().toLowerCase()}`

/**
 * Limits guessing and abuse: sign-in and reset attempts per client address, failures per account
 * (keyed by the account's id, so its username and its e-mail count as one), enquiries and searches
 * per address. The counters live in the shared store.
 */
export function createRateLimits(store: LimiterStore, options: RateLimitOptions) {
  const windowSeconds = 15 * 60
  const byIp = store.limiter({ keyPrefix: 'ip', points: options.perIp, durationSeconds: windowSeconds })
  const byAccount = store.limiter({ keyPrefix: 'account', points: options.perAccount, durationSeconds: windowSeconds })
  const resets = store.limiter({ keyPrefix: 'reset', points: options.perAccount, durationSeconds: windowSeconds })
  const enquiries = store.limiter({ keyPrefix: 'enquiry', points: options.enquiryPerHour ?? 10, durationSeconds: 60 * 60 })
  const searches = store.limiter({ keyPrefix: 'search', points: options.searchPerMinute ?? 60, durationSeconds: 60 })
  // Suggestions (as a visitor types) and map points are limited like searches, each on its own count.
  const suggestions = store.limiter({ keyPrefix: 'suggest', points: options.searchPerMinute ?? 60, durationSeconds: 60 })
  const mapPoints = store.limiter({ keyPrefix: 'map', points: options.searchPerMinute ?? 60, durationSeconds: 60 })
  // The trip planner's stops, legs and PDF (issue 35): each call looks up to 50 places up, or asks the routing provider.
  const trips = store.limiter({ keyPrefix: 'trip', points: options.searchPerMinute ?? 60, durationSeconds: 60 })

  const tooMany = (res: RateLimiterRes, message?: string) => {
    const minutes = Math.max(1, Math.ceil(res.msBeforeNext / 60000))
    return new AppError(
      'rate_limited',
      message ?? `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      {
        retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
      },
    )
  }

  /** A store that cannot be reached answers 503 (the database's own errors are recognised as such by the API). */
  const unreachable = (err: unknown) =>
    store.kind === 'redis'
      ? Object.assign(new AppError('unavailable', 'The service is temporarily unavailable, please try again shortly'), { cause: err })
      : err

  async function consume(limiter: RateLimiterAbstract, key: string, message?: string) {
    await store.ready()
    try {
      await limiter.consume(key)
    } catch (res) {
      if (res instanceof RateLimiterRes) throw tooMany(res, message)
      throw unreachable(res)
    }
  }

  return {
    store,
    /** Counts an attempt from an address; throws rate_limited past the limit. */
    attemptFromIp: (ip: string) => consume(byIp, ip),
    /** Refuses early when an account (see accountKey) has used up its failures. */
    async checkAccount(key: string) {
      await store.ready()
      const res = await byAccount.get(key)
      if (res && res.remainingPoints <= 0) throw tooMany(res)
    },
    /** Counts a failed sign-in against an account. */
    failureFor: (key: string) =>
      consume(byAccount, key).catch((err: unknown) => {
        if (!(err instanceof AppError)) throw err
      }),
    /** A successful sign-in clears the account's failures. */
    successFor: async (key: string) => {
      await store.ready()
      await byAccount.delete(key)
    },
    /** Counts a password-reset request for an account (or an address no account uses). */
    resetRequestFor: (key: string) => consume(resets, key),
    /** Counts an enquiry from an address. */
    enquiryFrom: (ip: string, message?: string) => consume(enquiries, ip, message),
    /** Counts a public search from an address. */
    searchFrom: (ip: string) => consume(searches, ip, 'Too many searches from this address. Please wait a minute and try again.'),
    /** Counts a request for search suggestions from an address. */
    suggestionsFrom: (ip: string) => consume(suggestions, ip, 'Too many searches from this address. Please wait a minute and try again.'),
    /** Counts a request for a grid's map points from an address. */
    mapPointsFrom: (ip: string) => consume(mapPoints, ip, 'Too many map requests from this address. Please wait a minute and try again.'),
    /** Counts a trip planner call (stops, legs, PDF) from an address. */
    tripFrom: (ip: string) => consume(trips, ip, 'Too many trip requests from this address. Please wait a minute and try again.'),
  }
}

export type RateLimits = ReturnType<typeof createRateLimits>
