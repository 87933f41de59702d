/**
 * The benchmark's baseline: a plain Node http server that answers every request with the exact
 * bytes and headers the real server sent for the home page. Run as a child process by
 * bench/run.ts (so it does not share an event loop with the load generator):
 *   node --import tsx bench/baseline-server.ts <response.json>
 * where response.json is { status, headers: [[name, value]...], bodyBase64 }. Prints its port.
 */
import fs from 'node:fs'
import http from 'node:http'

const file = process.argv[2]
if (!file) {
  console.error('usage: baseline-server.ts <response.json>')
  process.exit(2)
}
const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { status: number; headers: [string, string][]; bodyBase64: string }
const body = Buffer.from(saved.bodyBase64, 'base64')
const headers = saved.headers

const server = http.createServer((_req, res) => {
  for (const [name, value] of headers) res.setHeader(name, value)
  res.writeHead(saved.status)
  res.end(body)
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(String(typeof address === 'object' && address ? address.port : 0))
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
