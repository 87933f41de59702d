/**
 * `npm run sync:listings [-- --domain ID] [-- --force]`: runs the tourism provider sync now, with a
 * progress bar, and prints what it did. Exit code 0 when it finished, 1 when it failed (the previous
 * listings are kept), 2 for bad arguments.
 *
 * It syncs from ATDW_API_URL (with ATDW_API_KEY, ATDW_STATE, ATDW_AREA); in the demo from the fake
 * provider. While the site runs on the embedded database the sync runs inside the server (scripts/cli.ts),
 * so the site shows the new listings at once; on PostgreSQL the sync's advisory lock keeps it apart
 * from a running server's schedule.
 */
import { parseArgs } from 'node:util'
import cliProgress from 'cli-progress'
import type { SyncProgress, SyncReport } from '../listings/sync/atdw.ts'
import { runCommand } from './cli.ts'

const usage = `Usage: npm run sync:listings [-- --domain ID] [-- --force]

  --domain ID   the domain to fill (default: ATDW_DOMAIN_ID, else the domain holding the
                provider listings, else the one serving localhost)
  --force       fetch every product's details, changed or not
`

let args: { domain?: string | undefined; force?: boolean | undefined; help?: boolean | undefined }
try {
  args = parseArgs({ options: { domain: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }).values
} catch (err) {
  console.error(`${(err as Error).message}\n\n${usage}`)
  process.exit(2)
}
if (args.help) {
  console.log(usage)
  process.exit(0)
}

const phases: Record<SyncProgress['phase'], string> = {
  feed: 'Reading the feed',
  details: 'Fetching details',
  apply: 'Saving listings',
  done: 'Done',
}

/** A bar per phase on a terminal; one line per phase (and every 10%) otherwise, e.g. in CI logs. */
function progressReporter() {
  if (process.stdout.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: '{phase} |{bar}| {value}/{total} ({percentage}%) {eta_formatted} left', hideCursor: true, etaBuffer: 50 },
      cliProgress.Presets.shades_classic,
    )
    let phase: SyncProgress['phase'] | null = null
    return {
      update(p: SyncProgress) {
        if (p.phase !== phase) {
          if (phase) bar.stop()
          phase = p.phase
          if (p.phase !== 'done') bar.start(Math.max(p.total, 1), p.done, { phase: phases[p.phase].padEnd(18) })
          return
        }
        bar.setTotal(Math.max(p.total, 1))
        bar.update(p.done)
      },
      stop: () => bar.stop(),
    }
  }
  let last = ''
  return {
    update(p: SyncProgress) {
      const tenth = p.total ? Math.floor((p.done / p.total) * 10) : 0
      const key = `${p.phase}:${tenth}`
      if (key === last || p.phase === 'done') return
      last = key
      console.log(`${phases[p.phase]}: ${p.done}/${p.total}`)
    },
    stop() {},
  }
}

function summary(report: SyncReport): string {
  const rows: [string, number | string][] = [
    ['domain', report.domainId],
    ['products in the feed', report.feed],
    ['details fetched', report.fetched],
    ['new listings', report.created],
    ['updated listings', report.updated],
    ['unchanged', report.unchanged],
    ['services (child listings)', report.services],
    ['gone from the feed (now inactive)', report.deactivated],
    ['published', report.published],
    ['unpublished', report.unpublished],
    ['time', `${(report.durationMs / 1000).toFixed(1)} s`],
  ]
  const width = Math.max(...rows.map(([k]) => k.length))
  return rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`).join('\n')
}

let exitCode = 0
const progress = progressReporter()
try {
  const { report, source } = (await runCommand(
    'sync:listings',
    { domain: args.domain, force: Boolean(args.force) },
    {
      onWhere: (where) => console.log(`Syncing listings ${where}${args.force ? ' (every product)' : ''}`),
      onProgress: (p) => progress.update(p),
    },
  )) as { report: SyncReport; source: string }
  progress.stop()
  console.log(`Listing sync from ${source} finished:\n${summary(report)}`)
} catch (err) {
  progress.stop()
  console.error(`Listing sync failed: ${(err as Error).message}\nThe previous listings are kept.`)
  exitCode = 1
}
process.exit(exitCode)
