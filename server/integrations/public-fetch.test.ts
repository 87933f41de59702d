import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { LookupAddress } from 'node:dns'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BlockedAddressError,
  createPublicFetch,
  guardedLookup,
  isBlockedAddress,
  isBlockedAddressError,
  type Resolve,
} from './public-fetch.ts'

/**
 * Issue 29 point 7: addresses taken from content are checked when the connection is made, in the
 * agent's own name lookup, so a name cannot pass a check with one answer and connect with another
 * (DNS rebinding). Real sockets and a real HTTP server on this machine stand for "inside"; a
 * resolver handed to the agent stands for DNS (it answers what a hostile name server would).
 */

/** A server on loopback, counting what reaches it: nothing refused may ever get here. */
let inside: http.Server
let insidePort: number
let insideHits = 0
/** A second one, standing for the configured provider, that redirects inside. */
let provider: http.Server
let providerPort: number

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

beforeAll(async () => {
  inside = http.createServer((_req, res) => {
    insideHits++
    res.writeHead(200, { 'content-type': 'text/plain' }).end('secret')
  })
  insidePort = await listen(inside)
  provider = http.createServer((req, res) => {
    if (req.url === '/to-inside') res.writeHead(302, { location: `http://127.0.0.1:${insidePort}/meta` }).end()
    else if (req.url === '/to-name') res.writeHead(302, { location: `http://inside.example:${insidePort}/meta` }).end()
    else res.writeHead(200, { 'content-type': 'text/plain' }).end('photo')
  })
  providerPort = await listen(provider)
})

afterAll(async () => {
  for (const server of [inside, provider]) {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
})

/** One address from each range that is refused, with the range's name. */
const REFUSED: [string, string][] = [
  ['0.0.0.0', 'this network'],
  ['10.12.0.5', 'private 10/8'],
  ['172.16.4.4', 'private 172.16/12'],
  ['172.31.255.254', 'private 172.16/12 (top)'],
  ['192.168.1.1', 'private 192.168/16'],
  ['127.0.0.1', 'loopback'],
  ['127.3.2.1', 'loopback (all of 127/8)'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.254', 'carrier-grade NAT (top)'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast (SSDP)'],
  ['255.255.255.255', 'broadcast'],
  ['198.18.0.1', 'benchmarking'],
  ['::1', 'IPv6 loopback'],
  ['::', 'IPv6 unspecified'],
  ['fe80::1', 'IPv6 link-local'],
  ['fd12:3456::1', 'IPv6 unique local'],
  ['fc00::1', 'IPv6 unique local (fc)'],
  ['ff02::1', 'IPv6 multicast'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:8.8.8.8', 'IPv4-mapped (any: it would carry IPv4 past the IPv6 checks)'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
  ['2002:7f00:1::', '6to4 of loopback'],
]

const PUBLIC = ['8.8.8.8', '1.1.1.1', '93.184.216.34', '203.0.113.9', '2606:4700::1111', '2a00:1450:4001:82a::200e']

/** A resolver that answers each name from a table, counting the questions. */
function resolverOf(answers: (hostname: string, call: number) => string[]): Resolve & { calls: number } {
  const resolve = Object.assign(
    async (hostname: string): Promise<LookupAddress[]> => {
      resolve.calls++
      return answers(hostname, resolve.calls).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
    },
    { calls: 0 },
  )
  return resolve
}

/** The error fetch rejected with (undefined when it answered). */
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  )

describe('the address check', () => {
  it.each(REFUSED)('refuses %s (%s)', (address) => {
    expect(isBlockedAddress(address)).toBe(true)
  })

  it('lets public addresses through, and refuses what is not an address', () => {
    for (const a of PUBLIC) expect(isBlockedAddress(a), a).toBe(false)
    expect(isBlockedAddress('localhost')).toBe(true)
  })

  it('refuses a name with any blocked answer in the lookup the socket uses, and hands over what it checked', async () => {
    const lookup = (answers: string[], all: boolean) =>
      new Promise<{ err: Error | null; address: unknown }>((resolve) =>
        guardedLookup(resolverOf(() => answers))('photos.example', { all }, (err, address) => resolve({ err, address })),
      )
    for (const [address] of REFUSED) {
      const { err } = await lookup([address], true)
      expect(err, address).toBeInstanceOf(BlockedAddressError)
    }
    // One public and one private answer: the whole name is refused, whichever the socket would try.
    expect((await lookup(['93.184.216.34', '10.0.0.8'], true)).err).toBeInstanceOf(BlockedAddressError)
    expect((await lookup(['93.184.216.34', '2606:4700::1111'], true)).address).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:4700::1111', family: 6 },
    ])
    expect((await lookup(['93.184.216.34'], false)).address).toBe('93.184.216.34')
  })
})

describe('fetch through the guard', () => {
  it.each(REFUSED)('never connects to a name that resolves to %s (%s)', async (address) => {
    const publicFetch = createPublicFetch({ resolve: resolverOf(() => [address]) })
    const before = insideHits
    const err = await failureOf(publicFetch(`http://inside.example:${insidePort}/meta`))
    expect(isBlockedAddressError(err), String(err)).toBe(true)
    expect(insideHits).toBe(before)
    await publicFetch.close()
  })

  it('never connects to an address written in the URL itself (no lookup happens for one)', async () => {
    const publicFetch = createPublicFetch()
    for (const url of [
      `http://127.0.0.1:${insidePort}/meta`,
      `http://[::ffff:127.0.0.1]:${insidePort}/meta`,
      `http://0x7f.0.0.1:${insidePort}/meta`,
      `http://2130706433:${insidePort}/meta`,
      `http://localhost:${insidePort}/meta`,
    ]) {
      const err = await failureOf(publicFetch(url))
      expect(isBlockedAddressError(err), `${url}: ${String(err)}`).toBe(true)
    }
    expect(insideHits).toBe(0)
    await publicFetch.close()
  })

  it('resists DNS rebinding: the name is resolved once per connection and that answer is the one connected to', async () => {
    // The hostile name answers a public address first (what a check before fetch would see), then
    // this machine. An earlier guard looked the name up, then fetch looked it up again and
    // connected inside; here the one lookup's public answer is what the socket gets.
    const rebinding = resolverOf((_host, call) => (call === 1 ? ['203.0.113.10'] : ['127.0.0.1']))
    const publicFetch = createPublicFetch({ resolve: rebinding, connectTimeoutMs: 300 })
    const err = await failureOf(publicFetch(`http://rebind.example:${insidePort}/meta`, { signal: AbortSignal.timeout(3000) }))
    // 203.0.113.10 is a documentation address nothing answers on: the request fails there.
    expect(err).toBeDefined()
    expect(isBlockedAddressError(err)).toBe(false)
    expect(rebinding.calls).toBe(1)
    expect(insideHits).toBe(0)
    // Asked again, the name now answers inside: refused at connect time.
    const again = await failureOf(publicFetch(`http://rebind.example:${insidePort}/meta`))
    expect(isBlockedAddressError(again), String(again)).toBe(true)
    expect(insideHits).toBe(0)
    await publicFetch.close()
  })

  it('connects to the configured provider on loopback, but not to where it redirects', async () => {
    const publicFetch = createPublicFetch({
      allowedHosts: [`127.0.0.1:${providerPort}`],
      resolve: resolverOf(() => ['127.0.0.1']),
    })
    const ok = await publicFetch(`http://127.0.0.1:${providerPort}/photo.jpg`)
    expect(ok.status).toBe(200)
    expect(await ok.text()).toBe('photo')
    // The allowance is the configured host and port, not loopback: another port on it is refused.
    expect(isBlockedAddressError(await failureOf(publicFetch(`http://127.0.0.1:${insidePort}/meta`)))).toBe(true)
    // Redirects are followed through the same agent: each new connection is checked.
    for (const hop of ['/to-inside', '/to-name']) {
      const err = await failureOf(publicFetch(`http://127.0.0.1:${providerPort}${hop}`))
      expect(isBlockedAddressError(err), `${hop}: ${String(err)}`).toBe(true)
    }
    expect(insideHits).toBe(0)
    await publicFetch.close()
  })
})
