/**
 * The one job mechanism (docs/decisions/017): every piece of background work — mail retries,
 * scheduled publishing, the listing sync, image-cache pruning, and whatever comes next (CDN
 * purges, report mails) — is a row in the `jobs` table, run by a handler registered under its name.
 *
 * - Durable: a job is a row, written before anything runs (in the caller's transaction if it passes
 *   one); a restart or a crash loses none.
 * - One runner per job across instances: a job is claimed with `UPDATE ... WHERE id IN (SELECT ...
 *   FOR UPDATE SKIP LOCKED)`; the claim is a lease the runner renews while the handler runs, so a
 *   job whose instance died is claimed again once its lease has run out.
 * - One retry policy: after the n-th failed attempt a job waits min(backoff · 2^(n-1), maxBackoff);
 *   after maxAttempts it is `dead`, kept with its last error.
 * - Recurring jobs (a cron pattern, or every N seconds) are one row each, queued again with their
 *   next occurrence after every run.
 * - The same SQL on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto'
import os from 'node:os'
import { Cron } from 'croner'
import { and, eq, inArray, isNull, lte, lt, notInArray, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { jobs } from '../db/schema.ts'
import type { Executor } from '../db/query.ts'

export type JobRow = typeof jobs.$inferSelect

/** How a job kind is retried and run. */
export interface JobPolicy {
  /** Attempts in all (of each occurrence, for a recurring job); past it a one-off job is dead. */
  maxAttempts: number
  /** The wait after the first failed attempt; it doubles after each further one... */
  backoffMs: number
  /** ...up to this. */
  maxBackoffMs: number
  /** How long a claim holds without being renewed; the runner renews it every third of this. */
  leaseMs: number
  /** Jobs of this name one instance runs at once. */
  concurrency: number
}

export const DEFAULT_POLICY: JobPolicy = {
  maxAttempts: 5,
  backoffMs: 30_000,
  maxBackoffMs: 60 * 60_000,
  leaseMs: 2 * 60_000,
  concurrency: 1,
}

/** The one retry policy: the wait after the attempt-th failed attempt. */
export const retryDelayMs = (attempt: number, policy: Pick<JobPolicy, 'backoffMs' | 'maxBackoffMs'>) =>
  Math.min(policy.backoffMs * 2 ** Math.max(0, attempt - 1), policy.maxBackoffMs)

/** What a handler is given. */
export interface Job<P> {
  id: number
  name: string
  key: string | null
  payload: P
  /** This attempt's number, from 1. */
  attempt: number
  maxAttempts: number
  /** The runner's clock for this run (tests move it). */
  now: Date
  /** The server's log (silent in tests). */
  log: Logger
}

/** A handler's answer is kept for runDue's report (e.g. whether a message was really sent). */
export type JobHandler<P> = (job: Job<P>) => Promise<unknown>

/** A cron pattern (server time zone; six fields for seconds) or an interval. */
export type Recurrence = string | { everySeconds: number }

export interface EnqueueOptions {
  /** Not before this instant (default: now). */
  runAt?: Date
  /** At most one queued or running job per name and key: a second enqueue is ignored (answers null). */
  key?: string
  /** Attempts already made elsewhere (a first attempt the caller made itself), counted by the policy. */
  attemptsMade?: number
  /** Write the job in this transaction: it exists exactly when the caller's change does. */
  tx?: Executor
}

export interface RunReport {
  done: { id: number; name: string; result: unknown }[]
  /** Failed and queued again with a later run_at. */
  retried: number[]
  /** Failed for the last time. */
  dead: number[]
}

export interface Logger {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}

const silent: Logger = { info() {}, warn() {}, error() {} }

const recurrenceText = (r: Recurrence) => (typeof r === 'string' ? r.trim() : `every ${r.everySeconds}s`)

/** The next occurrence of a recurrence after `after`. Throws on a pattern croner cannot read. */
export function nextOccurrence(recurrence: string, after: Date): Date {
  const every = /^every (\d+(?:\.\d+)?)s$/.exec(recurrence)
  if (every) return new Date(after.getTime() + Math.max(0.1, Number(every[1])) * 1000)
  const next = new Cron(recurrence, { paused: true }).nextRun(after)
  if (!next) throw new Error(`The schedule "${recurrence}" has no next run`)
  return next
}

const ACTIVE = ['queued', 'running'] as const
/** The runner's shortest sleep between two looks at the table. */
const MIN_WAIT_MS = 20

export function createJobQueue(db: Db, options: { instanceId?: string; host?: string; log?: Logger } = {}) {
  let log = options.log
  const instanceId = options.instanceId ?? randomUUID()
  const host = options.host ?? os.hostname()
  const handlers = new Map<string, { run: JobHandler<unknown>; policy: JobPolicy }>()
  /** Jobs this instance runs now, by name. */
  const running = new Map<string, Set<Promise<void>>>()
  let loop: { stop(): Promise<void>; wake(): void } | undefined

  const policyOf = (name: string) => handlers.get(name)?.policy ?? DEFAULT_POLICY

  /** Registers what runs a job name (once per name), with its policy. */
  function register<P>(name: string, run: JobHandler<P>, policy: Partial<JobPolicy> = {}) {
    if (handlers.has(name)) throw new Error(`A handler for the job "${name}" is registered already`)
    handlers.set(name, { run: run as JobHandler<unknown>, policy: { ...DEFAULT_POLICY, ...policy } })
  }

  /** Queues a job; answers its id, or null when a job with this name and key is already queued or running. */
  async function enqueue<P>(name: string, payload: P, opts: EnqueueOptions = {}): Promise<{ id: number } | null> {
    const [row] = await (opts.tx ?? db)
      .insert(jobs)
      .values({
        name,
        key: opts.key ?? null,
        payload: payload as unknown,
        runAt: opts.runAt ?? new Date(),
        attempts: opts.attemptsMade ?? 0,
        maxAttempts: policyOf(name).maxAttempts,
      })
      .onConflictDoNothing({
        target: [jobs.name, jobs.key],
        where: sql`${jobs.key} IS NOT NULL AND ${jobs.state} IN ('queued', 'running')`,
      })
      .returning({ id: jobs.id })
    if (row && !opts.tx) loop?.wake()
    return row ?? null
  }

  /**
   * Makes `name` recur (one row, whichever instance calls this and however often). A changed
   * recurrence takes effect at once. `runOn: 'this-host'` keeps it on this machine (work on a
   * local folder): one row per host.
   */
  async function recurring(
    name: string,
    recurrence: Recurrence,
    opts: { payload?: unknown; runOn?: 'this-host'; firstRunAt?: Date; now?: Date } = {},
  ) {
    const text = recurrenceText(recurrence)
    const now = opts.now ?? new Date()
    const first = opts.firstRunAt ?? nextOccurrence(text, now)
    const runOn = opts.runOn === 'this-host' ? host : null
    const key = runOn ? `recurring@${runOn}` : 'recurring'
    const inserted = await db
      .insert(jobs)
      .values({ name, key, payload: opts.payload ?? {}, runAt: first, maxAttempts: policyOf(name).maxAttempts, recurrence: text, runOn })
      .onConflictDoNothing({
        target: [jobs.name, jobs.key],
        where: sql`${jobs.key} IS NOT NULL AND ${jobs.state} IN ('queued', 'running')`,
      })
      .returning({ id: jobs.id })
    if (!inserted.length)
      await db
        .update(jobs)
        .set({
          payload: opts.payload ?? {},
          recurrence: text,
          runAt: sql`CASE WHEN ${jobs.state} = 'queued' AND ${jobs.recurrence} IS DISTINCT FROM ${text} THEN ${first} ELSE ${jobs.runAt} END`,
        })
        .where(and(eq(jobs.name, name), eq(jobs.key, key), inArray(jobs.state, ACTIVE)))
    loop?.wake()
  }

  /** Stops `name` recurring (a run under way finishes and is not queued again). */
  async function unschedule(name: string) {
    await db.delete(jobs).where(and(eq(jobs.name, name), eq(jobs.state, 'queued'), sql`${jobs.recurrence} IS NOT NULL`))
    await db
      .update(jobs)
      .set({ recurrence: null })
      .where(and(eq(jobs.name, name), eq(jobs.state, 'running'), sql`${jobs.recurrence} IS NOT NULL`))
  }

  /** Marks a queued job done without running it (its work was done another way, e.g. a first attempt that worked). */
  async function complete(name: string, key: string, now = new Date()) {
    await db
      .update(jobs)
      .set({ state: 'done', finishedAt: now, lastError: null })
      .where(and(eq(jobs.name, name), eq(jobs.key, key), eq(jobs.state, 'queued')))
  }

  const claimable = (name: string, now: Date): SQL =>
    and(
      eq(jobs.name, name),
      or(isNull(jobs.runOn), eq(jobs.runOn, host)),
      or(and(eq(jobs.state, 'queued'), lte(jobs.runAt, now)), and(eq(jobs.state, 'running'), lt(jobs.lockedUntil, now))),
    )!

  /** Claims up to `limit` due jobs of one name for this instance (none of `exclude`). */
  async function claim(name: string, limit: number, now: Date, exclude: readonly number[]): Promise<JobRow[]> {
    const { leaseMs } = policyOf(name)
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(claimable(name, now), exclude.length ? notInArray(jobs.id, [...exclude]) : undefined))
      .orderBy(jobs.runAt)
      .limit(limit)
      .for('update', { skipLocked: true })
    return db
      .update(jobs)
      .set({ state: 'running', lockedBy: instanceId, lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${jobs.attempts} + 1` })
      .where(and(claimable(name, now), inArray(jobs.id, due)))
      .returning()
  }

  /** This claim (a claimed row's attempts count it), and no later one: another instance's after our lease ran out. */
  const ours = (row: JobRow) => and(eq(jobs.id, row.id), eq(jobs.lockedBy, instanceId), eq(jobs.attempts, row.attempts))

  async function runOne(row: JobRow, now: Date, report: RunReport) {
    const handler = handlers.get(row.name)!
    const attempt = row.attempts
    const { leaseMs } = handler.policy
    const renew = setInterval(() => {
      void db
        .update(jobs)
        .set({ lockedUntil: new Date(Date.now() + leaseMs) })
        .where(ours(row))
        .catch(() => {})
    }, leaseMs / 3)
    renew.unref()
    // The runner's clock moved on by as long as the handler took (a test's clock is not the wall's).
    const startedAt = Date.now()
    const finishedAt = () => new Date(now.getTime() + (Date.now() - startedAt))
    try {
      let result: unknown
      let error: unknown
      try {
        result = await handler.run({
          id: row.id,
          name: row.name,
          key: row.key,
          payload: row.payload,
          attempt,
          maxAttempts: row.maxAttempts,
          now,
          log: log ?? silent,
        })
      } catch (err) {
        error = err ?? new Error('failed')
      }
      clearInterval(renew)
      const at = finishedAt()
      const lastError = error === undefined ? null : (error instanceof Error ? error.message : String(error)).slice(0, 1000)
      const retry = error !== undefined && attempt < row.maxAttempts
      if (retry) {
        await db
          .update(jobs)
          .set({
            state: 'queued',
            runAt: new Date(at.getTime() + retryDelayMs(attempt, handler.policy)),
            lockedBy: null,
            lockedUntil: null,
            lastError,
          })
          .where(ours(row))
        report.retried.push(row.id)
      } else if (row.recurrence) {
        // The next occurrence, whatever became of this one (its error stays on the row until the next run).
        await db
          .update(jobs)
          .set({
            state: 'queued',
            runAt: nextOccurrence(row.recurrence, at),
            attempts: 0,
            lockedBy: null,
            lockedUntil: null,
            lastError,
            finishedAt: at,
          })
          .where(ours(row))
      } else {
        await db
          .update(jobs)
          .set({ state: error === undefined ? 'done' : 'dead', lockedBy: null, lockedUntil: null, lastError, finishedAt: at })
          .where(ours(row))
      }
      if (error === undefined) report.done.push({ id: row.id, name: row.name, result })
      else {
        if (!retry) report.dead.push(row.id)
        log?.warn(
          { err: error, job: { id: row.id, name: row.name, attempt, maxAttempts: row.maxAttempts } },
          retry ? `job ${row.name} failed; it is tried again later` : `job ${row.name} failed for the last time`,
        )
      }
    } finally {
      clearInterval(renew)
    }
  }

  const busyWith = (name: string) => {
    const busy = running.get(name) ?? new Set<Promise<void>>()
    running.set(name, busy)
    return busy
  }
  /** The registered names (of `names`) this instance has room to run one more of. */
  const withRoom = (names: readonly string[]) =>
    names.filter((name) => handlers.has(name) && busyWith(name).size < handlers.get(name)!.policy.concurrency)

  /** Claims what is due for the names with room to run, and starts it; answers the runs and their ids. */
  async function startDue(now: Date, names: readonly string[], report: RunReport, exclude: readonly number[] = []) {
    const started: { id: number; run: Promise<void> }[] = []
    for (const name of withRoom(names)) {
      const busy = busyWith(name)
      for (const row of await claim(name, handlers.get(name)!.policy.concurrency - busy.size, now, exclude)) {
        const run = runOne(row, now, report)
          .catch((err: unknown) => log?.warn({ err, job: { id: row.id, name } }, `job ${name}: its outcome could not be recorded`))
          .finally(() => {
            busy.delete(run)
            // A place is free: the runner looks for more at once.
            loop?.wake()
          })
        busy.add(run)
        started.push({ id: row.id, run })
      }
    }
    return started
  }

  /**
   * Runs every job due at `now` (of `names`, default every registered one) that this instance can
   * claim, each at most once, and waits for them: what the runner does, callable by tests with a clock.
   */
  async function runDue(opts: { now?: Date; names?: readonly string[] } = {}): Promise<RunReport> {
    const report: RunReport = { done: [], retried: [], dead: [] }
    const seen: number[] = []
    for (;;) {
      const started = await startDue(opts.now ?? new Date(), opts.names ?? [...handlers.keys()], report, seen)
      if (!started.length) break
      seen.push(...started.map((s) => s.id))
      await Promise.all(started.map((s) => s.run))
    }
    return report
  }

  /**
   * When each job name this instance has room to run is next due (a queued job's run_at, a running
   * one's lease end): one query, so that an idle runner costs one statement a look, not one per name.
   */
  async function dueTimes(): Promise<{ name: string; at: Date }[]> {
    const names = withRoom([...handlers.keys()])
    if (!names.length) return []
    const rows = await db
      .select({
        name: jobs.name,
        at: sql<string | Date | null>`min(CASE WHEN ${jobs.state} = 'queued' THEN ${jobs.runAt} ELSE ${jobs.lockedUntil} END)`,
      })
      .from(jobs)
      .where(and(inArray(jobs.name, names), inArray(jobs.state, ACTIVE), or(isNull(jobs.runOn), eq(jobs.runOn, host))))
      .groupBy(jobs.name)
    return rows.flatMap((r) => (r.at ? [{ name: r.name, at: new Date(r.at) }] : []))
  }

  /**
   * Starts this instance's runner: it sleeps until the next job is due (at most pollMs, so work
   * queued by another instance is seen), claims it, and runs it without waiting for it to finish.
   */
  function start(opts: { pollMs?: number; log?: Logger } = {}) {
    if (loop) return
    log = opts.log ?? log
    const pollMs = opts.pollMs ?? 2000
    recurring('jobs.clean-up', '17 4 * * *').catch((err: unknown) => log?.warn({ err }, 'the jobs clean-up could not be scheduled'))
    let stopped = false
    let timer: NodeJS.Timeout | undefined
    let wakeUp: (() => void) | undefined
    /** A wake-up that came while the runner was busy: it looks again at once instead of sleeping. */
    let woken = false
    const report: RunReport = { done: [], retried: [], dead: [] }
    const turn = async () => {
      const now = new Date()
      const times = await dueTimes()
      // Claims only for the names with something due: an idle look is the one query above.
      const due = times.filter((t) => t.at.getTime() <= now.getTime()).map((t) => t.name)
      let later = times.filter((t) => t.at.getTime() > now.getTime()).map((t) => t.at.getTime())
      if (due.length) {
        await startDue(now, due, report)
        report.done.length = report.retried.length = report.dead.length = 0
        later = (await dueTimes()).map((t) => t.at.getTime())
      }
      const next = later.length ? Math.min(...later) : null
      // A floor, so that a due job another instance is claiming at this moment is not asked for in a tight loop.
      return Math.max(MIN_WAIT_MS, Math.min(pollMs, next !== null ? next - Date.now() : pollMs))
    }
    const done = (async () => {
      while (!stopped) {
        let wait = pollMs
        try {
          wait = await turn()
        } catch (err) {
          log?.warn({ err }, 'the job runner could not read its jobs; it tries again shortly')
        }
        if (stopped) break
        if (woken) wait = MIN_WAIT_MS
        woken = false
        await new Promise<void>((resolve) => {
          wakeUp = resolve
          timer = setTimeout(resolve, wait)
          timer.unref()
        })
        wakeUp = undefined
      }
    })()
    loop = {
      wake: () => {
        if (!wakeUp) woken = true
        clearTimeout(timer)
        wakeUp?.()
      },
      stop: async () => {
        stopped = true
        loop?.wake()
        await done
      },
    }
  }

  /**
   * Stops the runner and waits up to timeoutMs for the jobs it runs; what is still running then is
   * claimed again once its lease runs out (by this instance after a restart, or another one).
   */
  async function stop(timeoutMs = 5000) {
    const current = loop
    loop = undefined
    await current?.stop()
    const all = [...running.values()].flatMap((set) => [...set])
    let timer: NodeJS.Timeout | undefined
    await Promise.race([Promise.allSettled(all), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))])
    clearTimeout(timer)
  }

  /**
   * Frees the claims of instances that are gone, at once rather than when their lease runs out: for
   * the embedded database, whose one owner is this process, every claim found at start is one.
   */
  async function releaseClaims() {
    await db.update(jobs).set({ state: 'queued', lockedBy: null, lockedUntil: null }).where(eq(jobs.state, 'running'))
  }

  /** The jobs of a name, newest first (tests, and what an operator looks at). */
  function list(name: string) {
    return db
      .select()
      .from(jobs)
      .where(eq(jobs.name, name))
      .orderBy(sql`${jobs.id} desc`)
  }

  // Finished jobs are kept a while to be looked at, then removed by a job of the mechanism's own.
  register(
    'jobs.clean-up',
    async ({ now }) => {
      const day = 86_400_000
      await db.delete(jobs).where(and(eq(jobs.state, 'done'), lt(jobs.finishedAt, new Date(now.getTime() - 7 * day))))
      await db.delete(jobs).where(and(eq(jobs.state, 'dead'), lt(jobs.finishedAt, new Date(now.getTime() - 30 * day))))
    },
    { maxAttempts: 1 },
  )

  /** Tells the runner to look for work now (after a transaction that queued some has committed). */
  const wake = () => loop?.wake()

  return { register, enqueue, recurring, unschedule, complete, runDue, start, stop, wake, releaseClaims, list, instanceId }
}

export type JobQueue = ReturnType<typeof createJobQueue>
