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
import { createEditorsCli } from '../helpers/cli.ts'
import { freePort, preparedVariantCopy, startProductionServer } from '../helpers/server.ts'
import { startSmtpServer } from '../helpers/smtp.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** One shared server and mail folder per e2e worker (tests/helpers/lane.ts picks the worker's). */
    lanes: { baseUrl: string; mailDir: string; errorFile: string }[]
    /** Where the workers name the browsers they start that the teardown must end (tests/helpers/firefox.ts). */
    browserPidsDir: string
    editor: { username: string; email: string; password: string }
    accounts: Record<'recovery' | 'throttled', { username: string; email: string; password: string }>
  }
}

/** Lanes: one per worker the project may run at once (vitest.config.ts: one more than the cores). */
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
  // The lanes' addresses are named now and their servers start in the background: preparing the demo
  // and starting them took the first 150 s of a CI run, in which no test ran. The unit projects run
  // meanwhile; an e2e file waits for its lane before its first test (lane-ready.ts).
  const errorsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-e2e-lanes-'))
  const lanes = await Promise.all(
    Array.from({ length: laneCount(project) }, async (_, i) => {
      const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-e2e-mail-'))
      // A real SMTP server on loopback receives the site's e-mail; tests read it from mailDir.
      const smtp = await startSmtpServer(0, mailDir)
      const port = await freePort()
      const errorFile = path.join(errorsDir, `lane-${i + 1}.txt`)
      const started = startLane([editor, accounts.recovery, accounts.throttled], port, smtp.url).catch((err: unknown) => {
        fs.writeFileSync(errorFile, err instanceof Error ? (err.stack ?? err.message) : String(err))
        return null
      })
      return { baseUrl: `http://127.0.0.1:${port}`, mailDir, errorFile, smtp, started }
    }),
  )
  project.provide(
    'lanes',
    lanes.map(({ baseUrl, mailDir, errorFile }) => ({ baseUrl, mailDir, errorFile })),
  )
  project.provide('editor', editor)
  project.provide('accounts', accounts)
  const browserPidsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-e2e-browsers-'))
  project.provide('browserPidsDir', browserPidsDir)
  return async () => {
    endBrowsers(browserPidsDir)
    await Promise.all(
      lanes.map(async (lane) => {
        await (await lane.started)?.stop()
        await lane.smtp.close()
        fs.rmSync(lane.mailDir, { recursive: true, force: true })
      }),
    )
    fs.rmSync(errorsDir, { recursive: true, force: true })
  }
}

/** A shared server on its own copy of the demo, with the accounts, on `port`, sending its mail to `smtpUrl`. */
async function startLane(people: { username: string; email: string; password: string }[], port: number, smtpUrl: string) {
  // The demo as a first start leaves it (content seeded, the fake provider's listings imported),
  // with the accounts: made once for every lane of every e2e project, then copied.
  const accounts = createHash('sha256').update(JSON.stringify(people)).digest('hex').slice(0, 12)
  const dataDir = await preparedVariantCopy(`accounts-${accounts}`, async (dir) => {
    await createEditorsCli(people, { DATA_DIR: dir, DATABASE_URL: '' })
  })
  const server = await startProductionServer({
    dataDir,
    port,
    // Every e2e browser signs in from 127.0.0.1: the per-address limit would throttle the suite
    // itself. The per-account limit (tested here too) stays at its default.
    // Every browser's measurement beacons come from 127.0.0.1 too (issue 37).
    // The enquiry limit per address (10 an hour) likewise: the concierge, dashboard, results and trip
    // files all send enquiries from 127.0.0.1 to the same lane.
    // A first delivery that fails (the test SMTP server shares a busy machine) is retried after 1 s,
    // not production's 60 s, so a test waiting for the e-mail sees the retry.
    env: {
      SMTP_URL: smtpUrl,
      MAIL_RETRY_SECONDS: '1',
      RATE_LIMIT_IP: '1000',
      RATE_LIMIT_ENQUIRY: '1000',
      RATE_LIMIT_BEACON: '100000',
    },
  })
  return {
    async stop() {
      await server.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Ends the process groups of the browsers the workers named in `folder` that are still running. */
function endBrowsers(folder: string) {
  for (const name of fs.readdirSync(folder)) {
    const pid = Number(name)
    // Still that browser (not a process given the same number since): its command line says so.
    const command = fs.existsSync(`/proc/${pid}/cmdline`) ? fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8') : ''
    if (pid > 1 && /firefox/.test(command)) {
      try {
        process.kill(-pid, 'SIGKILL')
      } catch {
        // Gone meanwhile.
      }
    }
  }
  fs.rmSync(folder, { recursive: true, force: true })
}
