import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import LongestFirstSequencer from './tests/helpers/sequencer.ts'
import { patient } from './tests/helpers/patience.ts'

/**
 * Projects. 'unit': unit and API integration tests in Node, files in parallel (each file its own
 * database, loaded from a migrated template: tests/helpers/db.ts). On PostgreSQL when
 * TEST_DATABASE_URL names one (CI, when it answers), else on PGlite. 'pglite' (only with
 * TEST_DATABASE_URL): the files that test what the embedded database does differently, on PGlite
 * too. 'timing': bounds on how long the event loop is held. 'e2e': real Chromium against the
 * production servers that tests/e2e/global-setup.ts starts, one per worker (needs `npm run build`);
 * 'e2e-alone': the e2e files that time answers under load, alone at the end. 'postgres' (only
 * with TEST_DATABASE_URL): production servers sharing one PostgreSQL database (needs the build too).
 * The React Router Vite plugin is deliberately not loaded here: tests import modules directly, and
 * the e2e server uses the built output.
 */
const r = (p: string) => fileURLToPath(new URL(p, import.meta.url))
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const timingFiles = ['listings/sync/holds.test.ts']
/**
 * Unit files that need a process of their own: what a fresh module graph holds (a language's module
 * not loaded yet), and the Sentry SDK, whose client and instrumentation are global to the process.
 * The 'unit' project shares one graph per worker (isolate: false), so these run in one of their own.
 */
const freshGraphFiles = ['lib/site-texts/site-texts.test.ts', 'server/integrations/sentry.test.ts']
/** E2E files that time answers under load: they run alone, after everything else. */
const e2eAloneFiles = ['tests/e2e/publish-under-load.test.ts', 'tests/e2e/pdf-off-thread.test.ts', 'tests/e2e/media-library-5000.test.ts']
/**
 * One process and one session (PGlite) versus a server: advisory locks, a second instance on the
 * same database, LISTEN/NOTIFY, the job queue's claims. With TEST_DATABASE_URL these run on both.
 */
const pgliteFiles = [
  'listings/sync/atdw.test.ts',
  'server/services/rate-limit.test.ts',
  'server/api/schedule.test.ts',
  'server/jobs/queue.test.ts',
  'server/publish-invalidation.test.ts',
]
const unitInclude = [
  'app/**/*.test.{ts,tsx}',
  'blocks/**/*.test.{ts,tsx}',
  'ui/**/*.test.{ts,tsx}',
  'lib/**/*.test.ts',
  'listings/**/*.test.{ts,tsx}',
  'server/**/*.test.ts',
  'scripts/**/*.test.ts',
  'tests/helpers/**/*.test.ts',
]
/**
 * Passwords are hashed at 2^10 instead of production's 2^15 (PASSWORD_HASH_COST): the suite hashes
 * thousands. Servers and tools the tests start get the same (tests/helpers/server.ts).
 */
const testEnv = { PASSWORD_HASH_COST: '10' }
/** Nothing from TEST_DATABASE_URL: createTestDatabase makes a PGlite one. */
const onPglite = { ...testEnv, TEST_DATABASE_URL: '' }

/**
 * Vitest's default is one worker fewer than the cores: ONE on these 2-core machines. Test files are
 * independent (their own database, data folder and ports), so every core runs one. TEST_WORKERS
 * overrides (e.g. 1 on a machine shared with other work).
 */
const workers = Number(process.env.TEST_WORKERS) || Math.max(2, os.availableParallelism())
/**
 * E2E lanes: one more than the cores. A lane mostly waits (on its browser, its server, a poll): one
 * lane alone kept 1.15 of these machines' 2 cores busy, so two left them short of full. With three
 * both were busy (1.93), and a clean-clone CI run went from 1,333 s to 970-1,027 s.
 * TEST_WORKERS sets it too (e.g. 1 to watch one file).
 */
const e2eLanes = Number(process.env.TEST_WORKERS) || workers + 1
/**
 * The unit and API files too: they wait on PostgreSQL, child processes and servers of their own, and
 * two of them kept these 2 cores 1.49-1.53 busy once lint had finished (two CI runs, 2026-11-28).
 */
const unitWorkers = e2eLanes

export default defineConfig({
  resolve: {
    alias: { '~': r('./app'), '#lib': r('./lib'), '#server': r('./server'), '#blocks': r('./blocks'), '#ui': r('./ui') },
  },
  test: {
    maxWorkers: unitWorkers,
    env: testEnv,
    // expect.poll waits for a condition; Vitest's default of 1 s is shorter than a busy 2-core CI
    // machine takes to render, hydrate or answer (the suite's flaky failures were 1 s polls). A
    // condition that holds returns at once, so this costs only the failing polls.
    // Timeouts here and in the files are safety nets sized by patient() (tests/helpers/patience.ts).
    expect: { poll: { timeout: patient(10_000) } },
    // Child processes, not threads: tests set the process's umask, start servers and measure this
    // process's CPU time (tests/helpers/holds.ts).
    pool: 'forks',
    // The longest e2e files start first, so the two lanes end together (tests/e2e/durations.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: unitInclude,
          exclude: [...timingFiles, ...freshGraphFiles, '**/node_modules/**'],
          globalSetup: ['tests/helpers/global-setup-unit.ts'],
          // One module graph per worker, not one per file: importing the server's graph for each of
          // 170 files was most of this project's time (import 449 s of a CI run; 26 s shared). The
          // files share no module state (no module mocks; each opens its own database and server).
          isolate: false,
          // Safety nets, not bounds: a file's own database and server work take several times longer
          // on a machine other work shares (tests timed out at 20 s there).
          testTimeout: patient(60_000),
          hookTimeout: patient(120_000),
          // Unit tests first, then e2e: the two would otherwise compete for the two cores.
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-fresh',
          environment: 'node',
          include: freshGraphFiles,
          sequence: { groupOrder: 0 },
        },
      },
      ...(onPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'pglite',
                environment: 'node',
                include: pgliteFiles,
                env: onPglite,
                globalSetup: ['tests/helpers/global-setup-unit.ts'],
                // One module graph per worker, as in 'unit', which runs these same files on PostgreSQL.
                isolate: false,
                testTimeout: patient(60_000),
                hookTimeout: patient(120_000),
                sequence: { groupOrder: 0 },
              },
            },
          ]
        : []),
      // Bounds on how long the event loop is held, counted in this process's CPU time (so another
      // process taking the cores does not count as a hold): on PGlite, whose statements the server
      // gives turns between.
      {
        extends: true,
        test: {
          name: 'timing',
          environment: 'node',
          include: timingFiles,
          env: onPglite,
          globalSetup: ['tests/helpers/global-setup-unit.ts'],
          testTimeout: patient(60_000),
          hookTimeout: patient(300_000),
          sequence: { groupOrder: 0 },
        },
      },
      // Tests that need a PostgreSQL server (several instances on one database, its LISTEN channel):
      // part of the run when TEST_DATABASE_URL names one (`npm run test:pg`, and CI when it answers).
      ...(onPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                environment: 'node',
                include: ['tests/postgres/**/*.test.ts'],
                testTimeout: patient(120_000),
                hookTimeout: patient(120_000),
                // Each file has its own database on the server (createTestDatabase) and its own
                // ports, so they run beside the e2e files (first in that group: the sequencer), instead
                // of alone one after another at the end (47 s of one core in a CI run).
                maxWorkers: e2eLanes,
                sequence: { groupOrder: 2 },
              },
            },
          ]
        : []),
      // Files run e2eLanes at a time, each worker against its own shared server (a lane: global-setup.ts).
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: [...e2eAloneFiles, '**/node_modules/**'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/lane-ready.ts'],
          testTimeout: patient(60_000),
          hookTimeout: patient(120_000),
          // A worker runs file after file in one process with one module graph: a fresh process per
          // file left each lane idle ~7 s between files (starting it, importing Playwright, axe and
          // the helpers again), 528 lane-seconds of a 1,011 s e2e phase. Every file closes its own
          // browsers and servers in afterAll, and the helpers' module state is caches of files.
          isolate: false,
          maxWorkers: e2eLanes,
          sequence: { groupOrder: 2 },
        },
      },
      // Files that bound how long visitors wait while the server works: alone on the machine, last.
      {
        extends: true,
        test: {
          name: 'e2e-alone',
          environment: 'node',
          include: e2eAloneFiles,
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/lane-ready.ts'],
          testTimeout: patient(60_000),
          hookTimeout: patient(120_000),
          fileParallelism: false,
          sequence: { groupOrder: 4 },
        },
      },
    ],
  },
})
