/**
 * E2E files run two at a time (one per core), each worker against its own shared server and mail
 * folder (its "lane", started by tests/e2e/global-setup.ts), so files never see each other's
 * changes, as when they ran one after another on one server.
 */
import fs from 'node:fs'
import { inject } from 'vitest'

/** The lane of this test worker: VITEST_POOL_ID is 1…maxWorkers, stable for the worker's life. */
function lane() {
  const lanes = inject('lanes')
  const id = Number(process.env.VITEST_POOL_ID ?? '1')
  return lanes[(id - 1) % lanes.length]!
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
