import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../server/db/client.ts'
import { createUserService } from '../server/services/users.ts'

const run = promisify(execFile)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-cli-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

/** Runs the CLI as a newcomer would (through tsx), answering its exit code and output. */
async function createEditor(...args: string[]) {
  // Vitest sets BASE_URL='/' for Vite; the CLI needs an absolute one, as a real shell would give.
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', BASE_URL: 'http://localhost:3000' }
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'scripts/create-editor.ts', ...args], { env })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

describe('npm run editor:create', () => {
  // Four real CLI runs through tsx, the first creating and migrating a database: 25 s each on a busy
  // 2-core machine (measured), so more than the suite's 60 s.
  it('creates an account whose password then verifies, and refuses a duplicate and bad input', async () => {
    const ok = await createEditor('--username', 'maria', '--email', 'maria@example.com', '--password', 'vintage2024')
    expect(ok.stderr + ok.stdout).toContain('Created')
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain("Created editor 'maria'")

    const duplicate = await createEditor('--username', 'Maria', '--email', 'other@example.com', '--password', 'vintage2024')
    expect(duplicate.code).not.toBe(0)
    expect(duplicate.stderr).toContain("A user named 'Maria' already exists")

    const badEmail = await createEditor('--username', 'joe', '--email', 'joe-at-example', '--password', 'vintage2024')
    expect(badEmail.code).not.toBe(0)
    expect(badEmail.stderr).toContain('Please provide a valid email address')

    const missing = await createEditor('--username', 'joe')
    expect(missing.code).not.toBe(0)
    expect(missing.stderr).toContain('Missing --email, --password')

    const database = await openDatabase({ dataDir })
    try {
      const users = createUserService(database.db)
      expect(await users.authenticate('maria@example.com', 'vintage2024')).toMatchObject({ username: 'maria' })
      expect(await users.count()).toBe(1)
    } finally {
      await database.close()
    }
  }, 240_000)
})
