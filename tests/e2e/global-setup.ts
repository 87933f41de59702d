/**
 * Global setup of the 'e2e' project: one production server (with the demo seeded into a fresh
 * temporary data dir) for all e2e files; its address reaches the tests through inject('baseUrl').
 * An editor account is created in that data dir first (PGlite allows one process at a time, so
 * before the server opens it) and reaches the tests through inject('editor').
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { childEnv, projectRoot, startProductionServer } from '../helpers/server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    editor: { username: string; email: string; password: string }
  }
}

export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-e2e-'))
  const editor = { username: 'e2e-editor', email: 'e2e-editor@example.com', password: 'e2e-editor-password' }
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/create-editor.ts', '--username', editor.username, '--email', editor.email, '--password', editor.password],
    { cwd: projectRoot, env: childEnv({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }), stdio: 'pipe' },
  )
  const server = await startProductionServer({ dataDir })
  project.provide('baseUrl', server.baseUrl)
  project.provide('editor', editor)
  return async () => {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
