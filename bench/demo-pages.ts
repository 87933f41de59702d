import type { RunningServer } from '../tests/helpers/server.ts'

/**
 * The demo pages the benchmarks measure beyond fixed addresses: the first listing page /whats-on
 * links to. The demo's first listing sync runs in the background after the server starts
 * listening, so this waits (up to 2 minutes) for the grid to show one; undefined if it never does.
 */
export async function firstListingPath(baseUrl: string): Promise<string | undefined> {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 1000))) {
    const grid = await (await fetch(`${baseUrl}/whats-on`, { headers: { accept: 'text/html' } })).text()
    const listing = /href="(\/listing\/[^"#?]+)"/.exec(grid)?.[1]
    if (listing) return listing
  }
  return undefined
}

/**
 * Waits until the server's start-up work is over: the demo's first listing import (on a fresh data
 * folder; it runs before the server listens) and the booking operators' refresh after it (no PDF
 * thread starts before the first calendar: decision 042). Measured before that, pages share the
 * cores with it. Needs the server's info logs (LOG_LEVEL=info).
 */
export async function startupWorkDone(server: RunningServer) {
  process.stdout.write("  waiting for the demo's start-up work (first import, booking refresh) ... ")
  const started = Date.now()
  for (;;) {
    const output = server.output()
    if (/booking operator information/.test(output)) break
    if (/the first listing sync failed/.test(output)) throw new Error(`the demo's first import failed:\n${output.slice(-3000)}`)
    if (Date.now() - started > 600_000) throw new Error(`the demo's start-up work did not finish in 10 minutes:\n${output.slice(-3000)}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}
