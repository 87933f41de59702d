/**
 * E2E files run several at a time (one more than the cores: vitest.config.ts), each worker against
 * its own shared server and mail folder (its "lane", started by tests/e2e/global-setup.ts), so
 * files never see each other's changes, as when they ran one after another on one server.
 */
import fs from 'node:fs'
import { inject } from 'vitest'

/**
 * The lane of this test worker: the first lane no other live worker holds, claimed with a file
 * created exclusively beside the lanes' error files and kept for this process's life.
 * VITEST_POOL_ID is not that: after the unit projects, two e2e workers ran at once with pool id 1
 * each, on one server, and one file's pages and listings appeared and vanished under another's
 * accessibility crawl.
 */
function lane() {
  const lanes = inject('lanes')
  return lanes[claimedLane(lanes.map((l) => `${l.errorFile}.claim`))]!
}

const claimed = new Map<string, number>()
function claimedLane(claims: string[]): number {
  const key = claims.join('\n')
  const known = claimed.get(key)
  if (known !== undefined) return known
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    for (const [i, file] of claims.entries()) {
      try {
        fs.writeFileSync(file, String(process.pid), { flag: 'wx' })
      } catch {
        const holder = Number(fs.readFileSync(file, 'utf8') || '0')
        if (holder === process.pid) return remember(key, i, file, false)
        // A worker that ended (or crashed) leaves its claim: taken over on the next attempt.
        if (holder && !alive(holder)) fs.rmSync(file, { force: true })
        continue
      }
      return remember(key, i, file, true)
    }
  }
  // More workers than lanes: share one, as before.
  return (Number(process.env.VITEST_POOL_ID ?? '1') - 1) % claims.length
}
function remember(key: string, i: number, file: string, release: boolean): number {
  claimed.set(key, i)
  if (release) process.once('exit', () => fs.rmSync(file, { force: true }))
  return i
}

/** The address of this worker's shared production server (no trailing slash). */
export function laneBaseUrl(): string {
  return lane().baseUrl
}

/** Where this worker's server's e-mail lands, one <n>.eml per message (a real SMTP server). */
export function laneMailDir(): string {
  return lane().mailDir
}

/**
 * Resolves once this worker's server answers /health; its lane starts in the background of the
 * global setup (tests/e2e/global-setup.ts), so the first files may wait. Fails with the lane's own
 * error when it could not start.
 */
export async function waitForLane(timeoutMs = 540_000): Promise<void> {
  const { baseUrl, errorFile } = lane()
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (fs.existsSync(errorFile)) throw new Error(`This worker's e2e server did not start:\n${fs.readFileSync(errorFile, 'utf8')}`)
    try {
      const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(5000) })
      if (res.status === 200) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`This worker's e2e server at ${baseUrl} did not answer /health in ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
