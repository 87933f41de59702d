/**
 * Global setup of the 'e2e' project: one production server (on a copy of the demo prepared once,
 * tests/helpers/server.ts) for all e2e files; its address reaches the tests through inject('baseUrl').
 * An editor account is created in that data dir first (PGlite allows one process at a time, so
 * before the server opens it) and reaches the tests through inject('editor').
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { createEditorCli } from '../helpers/cli.ts'
import { preparedDemoCopy, startProductionServer } from '../helpers/server.ts'
import { startSmtpServer } from '../helpers/smtp.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    editor: { username: string; email: string; password: string }
    /** Every e-mail the server sends lands here as <n>.eml (a real SMTP server receives it). */
    mailDir: string
    accounts: Record<'recovery' | 'throttled', { username: string; email: string; password: string }>
  }
}

export default async function setup(project: TestProject) {
  // The demo as a first start leaves it (content seeded, the fake provider's listings imported).
  const dataDir = await preparedDemoCopy()
  const editor = { username: 'e2e-editor', email: 'e2e-editor@example.com', password: 'e2e-editor-password' }
  // Accounts other test files may change without disturbing the shared editor account.
  const accounts = {
    recovery: { username: 'e2e-recovery', email: 'e2e-recovery@example.com', password: 'first-password-1' },
    throttled: { username: 'e2e-throttled', email: 'e2e-throttled@example.com', password: 'right-password-1' },
  }
  for (const account of [editor, accounts.recovery, accounts.throttled])
    await createEditorCli(account, { DATA_DIR: dataDir, DATABASE_URL: '' })
  // A real SMTP server on loopback receives the site's e-mail; tests read it from mailDir.
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-e2e-mail-'))
  const smtp = await startSmtpServer(0, mailDir)
  const server = await startProductionServer({
    dataDir,
    // Every e2e browser signs in from 127.0.0.1: the per-address limit would throttle the suite
    // itself. The per-account limit (tested here too) stays at its default.
    // Scheduled publishing looks for due schedules every second, so a test can wait for one to run.
    env: { SMTP_URL: smtp.url, RATE_LIMIT_IP: '1000', SCHEDULE_TICK_SECONDS: '1' },
  })
  project.provide('baseUrl', server.baseUrl)
  project.provide('editor', editor)
  project.provide('mailDir', mailDir)
  project.provide('accounts', accounts)
  return async () => {
    await server.stop()
    await smtp.close()
    fs.rmSync(mailDir, { recursive: true, force: true })
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
