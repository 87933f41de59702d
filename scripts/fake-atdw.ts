/**
 * `npm run fake:atdw`: the fake ATDW Atlas API (fakes/atdw) as its own process, serving the
 * generated Barossa until stopped (Ctrl-C). Point the site at it with the address it prints:
 *
 *   ATDW_API_URL=http://127.0.0.1:4020 ATDW_API_KEY=any npm start
 *
 * FAKE_ATDW_PORT (default 4020; 0 picks a free port), FAKE_ATDW_HOST (default 127.0.0.1),
 * FAKE_ATDW_COUNT (products, default about 2,140), FAKE_ATDW_SEED (default 42).
 */
import { startFakeAtlas } from '../fakes/atdw/server.ts'

const int = (value: string | undefined, name: string): number | undefined => {
  if (value === undefined || value === '') return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0) {
    console.error(`${name} must be a whole number (got ${JSON.stringify(value)})`)
    process.exit(2)
  }
  return n
}

const started = Date.now()
const running = await startFakeAtlas({
  port: int(process.env.FAKE_ATDW_PORT, 'FAKE_ATDW_PORT') ?? 4020,
  host: process.env.FAKE_ATDW_HOST || '127.0.0.1',
  count: int(process.env.FAKE_ATDW_COUNT, 'FAKE_ATDW_COUNT'),
  seed: int(process.env.FAKE_ATDW_SEED, 'FAKE_ATDW_SEED'),
}).catch((err: unknown) => {
  console.error(`The fake Atlas API could not start: ${(err as Error).message}`)
  process.exit(1)
})
console.log(`Fake ATDW Atlas API: ${running.url} (${running.state.feed().length} products, ready in ${Date.now() - started} ms)`)
console.log(`Use it with: ATDW_API_URL=${running.url} ATDW_API_KEY=any`)
const stop = () => void running.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
