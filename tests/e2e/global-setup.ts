/**
 * Global setup of the 'e2e' projects: one production server per test worker (a "lane", each on its
 * own copy of the demo prepared once, tests/helpers/server.ts), so two files run at once without
 * seeing each other's changes; a file reaches its worker's server through laneBaseUrl()
 * (tests/helpers/lane.ts). The same editor accounts are created in each data dir first (PGlite
 * allows one process at a time, so before the server opens it) and reach the tests through
 * inject('editor') and inject('accounts').
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { createEditorCli } from '../helpers/cli.ts'
import { preparedVariantCopy, startProductionServer } from '../helpers/server.ts'
import { startSmtpServer } from '../helpers/smtp.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** One shared server and mail folder per e2e worker (tests/helpers/lane.ts picks the worker's). */
    lanes: { baseUrl: string; mailDir: string }[]
    editor: { username: string; email: string; password: string }
    accounts: Record<'recovery' | 'throttled', { username: string; email: string; password: string }>
  }
}

/** Lanes: one per worker the project may run at once (TEST_WORKERS, else one per core). */
function laneCount(project: TestProject): number {
  // maxWorkers is 1 where the project runs its files one after another (fileParallelism: false).
  return Math.max(1, Number(project.config.maxWorkers) || 1)
}

export default async function setup(project: TestProject) {
  const editor = { username: 'e2e-editor', email: 'e2e-editor@example.com', password: 'e2e-editor-password' }
  // Accounts other test files may change without disturbing the shared editor account.
  const accounts = {
    recovery: { username: 'e2e-recovery', email: 'e2e-recovery@example.com', password: 'first-password-1' },
    throttled: { username: 'e2e-throttled', email: 'e2e-throttled@example.com', password: 'right-password-1' },
  }
  const lanes = await Promise.all(
    Array.from({ length: laneCount(project) }, () => startLane([editor, accounts.recovery, accounts.throttled])),
  )
  project.provide(
    'lanes',
    lanes.map(({ baseUrl, mailDir }) => ({ baseUrl, mailDir })),
  )
  project.provide('editor', editor)
  project.provide('accounts', accounts)
  return async () => {
    await Promise.all(lanes.map((lane) => lane.stop()))
  }
}

/** A shared server on its own copy of the demo, with the accounts, and a real SMTP server beside it. */
async function startLane(people: { username: string; email: string; password: string }[]) {
  // The demo as a first start leaves it (content seeded, the fake provider's listings imported),
  // with the accounts: made once for every lane of every e2e project, then copied.
  const accounts = createHash('sha256').update(JSON.stringify(people)).digest('hex').slice(0, 12)
  const dataDir = await preparedVariantCopy(`accounts-${accounts}`, async (dir) => {
    for (const account of people) await createEditorCli(account, { DATA_DIR: dir, DATABASE_URL: '' })
  })
  // A real SMTP server on loopback receives the site's e-mail; tests read it from mailDir.
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-e2e-mail-'))
  const smtp = await startSmtpServer(0, mailDir)
  const server = await startProductionServer({
    dataDir,
    // Every e2e browser signs in from 127.0.0.1: the per-address limit would throttle the suite
    // itself. The per-account limit (tested here too) stays at its default.
    // Every browser's measurement beacons come from 127.0.0.1 too (issue 37).
    // The enquiry limit per address (10 an hour) likewise: the concierge, dashboard, results and trip
    // files all send enquiries from 127.0.0.1 to the same lane.
    // A first delivery that fails (the test SMTP server shares a busy machine) is retried after 1 s,
    // not production's 60 s, so a test waiting for the e-mail sees the retry.
    env: {
      SMTP_URL: smtp.url,
      MAIL_RETRY_SECONDS: '1',
      RATE_LIMIT_IP: '1000',
      RATE_LIMIT_ENQUIRY: '1000',
      RATE_LIMIT_BEACON: '100000',
    },
  })
  return {
    baseUrl: server.baseUrl,
    mailDir,
    async stop() {
      await server.stop()
      await smtp.close()
      fs.rmSync(mailDir, { recursive: true, force: true })
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
