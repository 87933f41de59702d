import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/**
 * Projects. 'unit': unit and API integration tests in Node (cheap, parallel). 'e2e': real
 * Chromium against the production server that tests/e2e/global-setup.ts starts (needs
 * `npm run build`). 'postgres' (only with TEST_DATABASE_URL): production servers sharing one
 * PostgreSQL database (needs the build too). The React Router Vite plugin is deliberately not loaded here: tests import
 * modules directly, and the e2e server uses the built output.
 */
const r = (p: string) => fileURLToPath(new URL(p, import.meta.url))
const timingFiles = ['listings/sync/holds.test.ts']

export default defineConfig({
  resolve: {
    alias: { '~': r('./app'), '#lib': r('./lib'), '#server': r('./server'), '#blocks': r('./blocks'), '#ui': r('./ui') },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'app/**/*.test.{ts,tsx}',
            'blocks/**/*.test.{ts,tsx}',
            'ui/**/*.test.{ts,tsx}',
            'lib/**/*.test.ts',
            'listings/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: [...timingFiles, '**/node_modules/**'],
          // Migrating a fresh PGlite per test file takes a second or two on these 2-core machines.
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // Unit tests first, then e2e: the two would otherwise compete for the two cores.
          sequence: { groupOrder: 0 },
        },
      },
      // Tests that bound how long the event loop is held: alone, after the unit tests, so that a
      // neighbouring test file taking the CPU does not count as a hold (on 2 cores it did: 250-300 ms).
      {
        extends: true,
        test: {
          name: 'timing',
          environment: 'node',
          include: timingFiles,
          testTimeout: 20_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      // Tests that need a PostgreSQL server (several instances on one database, its LISTEN channel):
      // part of the run when TEST_DATABASE_URL names one (`npm run test:pg`, and CI's PostgreSQL pass).
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                environment: 'node',
                include: ['tests/postgres/**/*.test.ts'],
                testTimeout: 120_000,
                hookTimeout: 120_000,
                fileParallelism: false,
                sequence: { groupOrder: 3 },
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser and one server at a time: files run one after another.
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
})
