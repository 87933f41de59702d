/**
 * E2E files run two at a time (one per core), each worker against its own shared server and mail
 * folder (its "lane", started by tests/e2e/global-setup.ts), so files never see each other's
 * changes, as when they ran one after another on one server.
 */
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
