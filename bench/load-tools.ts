/**
 * The benchmark's tools: load generation (wrk when installed, else autocannon), the bare node:http
 * baseline that sends a saved answer's exact bytes, and the results table.
 */
import { execFile, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import autocannon from 'autocannon'
import { projectRoot } from '../tests/helpers/server.ts'

export const CONNECTIONS = 50
export const DURATION_S = Math.min(Math.max(Number(process.env.BENCH_DURATION ?? 10) || 10, 1), 60)
/** What a browser asks for. */
export const REQUEST_HEADERS: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' }
/** wrk drives a bare Node server to saturation; autocannon in one process does not. */
export const WRK = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' })
    return true
  } catch (err) {
    // wrk --version exits 1 after printing its version
    return (err as { status?: number }).status === 1
  }
})()

export interface Measurement {
  name: string
  url: string
  connections: number
  requestsPerSec: number
  latencyMeanMs: number
  latencyP50Ms: number
  latencyP99Ms: number
  latencyMaxMs: number
  throughputMBps: number
  requests: number
  non2xx: number
  errors: number
  timeouts: number
}

export interface SavedResponse {
  status: number
  headers: [string, string][]
  bodyBase64: string
}

export function get(
  url: string,
  headers: Record<string, string> = REQUEST_HEADERS,
  agent?: http.Agent,
): Promise<{ status: number; rawHeaders: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, ...(agent ? { agent } : {}) }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.setTimeout(30_000, () => req.destroy(new Error(`GET ${url} timed out`)))
  })
}

export async function warm(url: string, times: number, headers: Record<string, string> = REQUEST_HEADERS) {
  for (let i = 0; i < times; i++) {
    const res = await get(url, headers)
    if (res.status !== 200) throw new Error(`warm-up GET ${url} answered ${res.status}`)
  }
}

export async function measure(
  name: string,
  url: string,
  connections = CONNECTIONS,
  duration = DURATION_S,
  headers: Record<string, string> = REQUEST_HEADERS,
): Promise<Measurement> {
  const u = new URL(url)
  if (u.hostname !== '127.0.0.1') throw new Error(`refusing to load-test ${url}: only 127.0.0.1 is a target`)
  process.stdout.write(`  ${name}: ${connections} connections for ${duration} s (${WRK ? 'wrk' : 'autocannon'}) ... `)
  const m = WRK
    ? await measureWithWrk(name, url, connections, duration, headers)
    : await measureWithAutocannon(name, url, connections, duration, headers)
  console.log(`${m.requestsPerSec.toFixed(0)} req/s`)
  if (m.non2xx > 0 || m.errors > 0) console.log(`    warning: ${m.non2xx} non-2xx answers, ${m.errors} errors, ${m.timeouts} timeouts`)
  return m
}

async function measureWithAutocannon(
  name: string,
  url: string,
  connections: number,
  duration: number,
  headers: Record<string, string>,
): Promise<Measurement> {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers,
    timeout: 10,
    // One process cannot saturate a bare Node server: one worker thread per core.
    workers: Math.max(1, os.availableParallelism()),
  })
  return {
    name,
    url,
    connections,
    requestsPerSec: result.requests.average,
    latencyMeanMs: result.latency.mean,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    throughputMBps: result.throughput.average / 1024 / 1024,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }
}

/** wrk's summary, read from its text output (`--latency` adds the percentiles). */
async function measureWithWrk(
  name: string,
  url: string,
  connections: number,
  duration: number,
  headers: Record<string, string>,
): Promise<Measurement> {
  const args = ['-t', String(Math.min(2, connections)), '-c', String(connections), '-d', `${duration}s`, '--latency', '--timeout', '10s']
  for (const [header, value] of Object.entries(headers)) args.push('-H', `${header}: ${value}`)
  const out = await new Promise<string>((resolve, reject) =>
    execFile('wrk', [...args, url], { maxBuffer: 1 << 20 }, (err, stdout) => (err ? reject(err) : resolve(stdout))),
  )
  const ms = (text: string | undefined) => {
    const match = /([\d.]+)(us|ms|s)\b/.exec(text ?? '')
    if (!match) return NaN
    const value = Number(match[1])
    return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value
  }
  const bytes = (text: string | undefined) => {
    const match = /([\d.]+)(B|KB|MB|GB)/.exec(text ?? '')
    if (!match) return 0
    return Number(match[1]) * { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[match[2] as 'B' | 'KB' | 'MB' | 'GB']
  }
  const line = (pattern: RegExp) => pattern.exec(out)?.[1]
  const requests = Number(line(/(\d+) requests in/) ?? 0)
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
  return {
    name,
    url,
    connections,
    requestsPerSec: Number(line(/Requests\/sec:\s+([\d.]+)/) ?? 0),
    latencyMeanMs: ms(line(/Latency\s+(\S+)/)),
    latencyP50Ms: ms(line(/\s50%\s+(\S+)/)),
    latencyP99Ms: ms(line(/\s99%\s+(\S+)/)),
    latencyMaxMs: ms(line(/Latency\s+\S+\s+\S+\s+(\S+)/)),
    throughputMBps: bytes(line(/Transfer\/sec:\s+(\S+)/)) / 1024 / 1024,
    requests,
    non2xx: Number(line(/Non-2xx or 3xx responses: (\d+)/) ?? 0),
    errors: socketErrors ? Number(socketErrors[1]) + Number(socketErrors[2]) + Number(socketErrors[3]) : 0,
    timeouts: socketErrors ? Number(socketErrors[4]) : 0,
  }
}

export async function startBaseline(saved: SavedResponse, dir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const file = path.join(dir, 'baseline-response.json')
  fs.writeFileSync(file, JSON.stringify(saved))
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'bench/baseline-server.ts'), file], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const port = await new Promise<number>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! })
    lines.once('line', (line) => resolve(Number(line)))
    child.once('exit', (code) => reject(new Error(`baseline server exited (${code}) before listening`)))
  })
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      child.kill('SIGTERM')
      const t = setTimeout(() => child.kill('SIGKILL'), 3000)
      await exited
      clearTimeout(t)
    },
  }
}

export function table(rows: Measurement[]) {
  const header = ['case', 'conns', 'req/s', 'mean ms', 'p50 ms', 'p99 ms', 'max ms', 'MB/s', 'requests', 'non-2xx']
  const data = rows.map((r) => [
    r.name,
    String(r.connections),
    r.requestsPerSec.toFixed(0),
    r.latencyMeanMs.toFixed(2),
    r.latencyP50Ms.toFixed(0),
    r.latencyP99Ms.toFixed(0),
    r.latencyMaxMs.toFixed(0),
    r.throughputMBps.toFixed(1),
    String(r.requests),
    String(r.non2xx),
  ])
  printTable(header, data)
}

/** A plain text table: the first column left-aligned, the others right-aligned. */
export function printTable(header: string[], data: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...data.map((d) => d[i]!.length)))
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  console.log(line(header))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const d of data) console.log(line(d))
}

export function headerValue(rawHeaders: string[], name: string): string | undefined {
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === name) return rawHeaders[i + 1]
  return undefined
}

/** The headers a saved answer replays (those of the connection excluded). */
export function replayedHeaders(rawHeaders: string[]): [string, string][] {
  const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])
  const headers: [string, string][] = []
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!
    if (!skip.has(name.toLowerCase())) headers.push([name, rawHeaders[i + 1]!])
  }
  return headers
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
