/**
 * Outside services a fault test stops and starts: its own Redis (redis-server on a free port, never
 * the machine's shared one) and its own S3-compatible server (moto_server, see startS3Server).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'
import { freePort } from './server.ts'

export interface StoppableService {
  port: number
  url: string
  /** Ends the process (SIGKILL: an outage, not a shutdown). */
  stop(): Promise<void>
  /** Starts it again on the same port. */
  start(): Promise<void>
}

/** Resolves once something accepts connections on the port (or throws after timeoutMs). */
async function untilListening(port: number, child: ChildProcess, output: () => string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited (code ${child.exitCode}) before listening:\n${output()}`)
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    if (Date.now() > deadline) throw new Error(`nothing listened on port ${port} within ${timeoutMs} ms:\n${output()}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

function stoppable(
  command: string,
  args: (port: number) => string[],
  url: (port: number) => string,
  port: number,
  afterStart?: () => Promise<void>,
) {
  let child: ChildProcess | undefined
  let output = ''
  const service: StoppableService = {
    port,
    url: url(port),
    async start() {
      output = ''
      child = spawn(command, args(port), { stdio: ['ignore', 'pipe', 'pipe'] })
      child.stdout?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-5000)))
      child.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-5000)))
      await untilListening(port, child, () => output)
      await afterStart?.()
    },
    async stop() {
      const running = child
      if (!running || running.exitCode !== null) return
      const exited = new Promise((resolve) => running.once('exit', resolve))
      running.kill('SIGKILL')
      await exited
    },
  }
  return service
}

/** A Redis of the test's own (no persistence), started. */
export async function startRedis(): Promise<StoppableService> {
  if (spawnSync('redis-server', ['--version']).error)
    throw new Error('redis-server is not installed (Debian: apt-get install redis-server); the fault tests start their own')
  const port = await freePort()
  const redis = stoppable(
    'redis-server',
    (p) => ['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    (p) => `redis://127.0.0.1:${p}`,
    port,
  )
  await redis.start()
  return redis
}

/**
 * An S3-compatible server of the test's own, started, with `bucket` created: moto_server, the
 * server mode of moto (the getmoto project, maintained, which follows the AWS S3 API closely),
 * installed in this machine image's Python. It keeps buckets in memory, so a restart loses them:
 * the bucket is created again after each start, as a real S3 that was unreachable would still have it.
 */
export async function startS3Server(bucket: string): Promise<StoppableService & { credentials: Record<string, string> }> {
  if (spawnSync('moto_server', ['--help']).error)
    throw new Error('moto_server is not installed (it comes with the machine image: pip package moto[server]); the S3 fault test needs it')
  const port = await freePort()
  const endpoint = `http://127.0.0.1:${port}`
  const credentials = { S3_ACCESS_KEY_ID: 'fault-test', S3_SECRET_ACCESS_KEY: 'fault-test-secret' }
  const createBucket = async () => {
    const client = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: credentials.S3_ACCESS_KEY_ID, secretAccessKey: credentials.S3_SECRET_ACCESS_KEY },
    })
    await client.send(new CreateBucketCommand({ Bucket: bucket }))
    client.destroy()
  }
  const s3 = stoppable(
    'moto_server',
    (p) => ['-H', '127.0.0.1', '-p', String(p)],
    () => endpoint,
    port,
    createBucket,
  )
  await s3.start()
  return Object.assign(s3, { credentials })
}
