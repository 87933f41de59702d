/**
 * Setup file of the e2e projects: each file waits for its worker's server before its first test
 * (the servers start in the background of the global setup while the unit tests run).
 */
import { beforeAll } from 'vitest'
import { waitForLane } from '../helpers/lane.ts'

beforeAll(() => waitForLane(), 600_000)
