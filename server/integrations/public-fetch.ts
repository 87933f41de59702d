import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns'
import { BlockList, isIP } from 'node:net'
import { Agent, buildConnector, fetch as undiciFetch, type RequestInit, type Response } from 'undici'

/**
 * Outbound requests to addresses that came from content (a listing's photo, a picture in the event
 * calendar's PDF), not from the operator's configuration. The address a request connects to is
 * checked when the connection is made, in the agent's own name lookup: a check before `fetch` and a
 * second resolution inside it could be told two different answers (DNS rebinding), this one cannot.
 * Issue 29 point 7.
 */

/**
 * Ranges no content-supplied address may reach: this machine, the private network, the cloud's
 * metadata. Two lists, each asked only about its own family: Node's BlockList matches an IPv4
 * address against IPv6 rules through its mapped form, so one list holding ::ffff:0:0/96 would
 * refuse every IPv4 address.
 */
const BLOCKED_V4 = (() => {
  const list = new BlockList()
  for (const [net, prefix] of [
    ['0.0.0.0', 8], // "this network"
    ['10.0.0.0', 8], // private
    ['100.64.0.0', 10], // carrier-grade NAT (shared address space)
    ['127.0.0.0', 8], // loopback
    ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
    ['172.16.0.0', 12], // private
    ['192.0.0.0', 24], // IETF protocol assignments
    ['192.168.0.0', 16], // private
    ['198.18.0.0', 15], // benchmarking
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, and broadcast
  ] as const)
    list.addSubnet(net, prefix, 'ipv4')
  return list
})()
const BLOCKED_V6 = (() => {
  const list = new BlockList()
  for (const [net, prefix] of [
    ['::', 128], // unspecified
    ['::1', 128], // loopback
    ['::ffff:0:0', 96], // IPv4-mapped: a name never needs one, and it would carry an IPv4 address past these checks
    ['64:ff9b::', 96], // NAT64, which embeds an IPv4 address
    ['100::', 64], // discard
    ['2001::', 32], // Teredo, which embeds an IPv4 address
    ['2002::', 16], // 6to4, which embeds an IPv4 address
    ['fc00::', 7], // unique local
    ['fe80::', 10], // link-local
    ['fec0::', 10], // site-local (deprecated)
    ['ff00::', 8], // multicast
  ] as const)
    list.addSubnet(net, prefix, 'ipv6')
  return list
})()

/** Whether an address is one no content-supplied address may reach (anything that is not an IP address too). */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return true
  return family === 4 ? BLOCKED_V4.check(address, 'ipv4') : BLOCKED_V6.check(address, 'ipv6')
}

/** A connection the guard refused; `fetch` rejects with it as the cause. */
export class BlockedAddressError extends Error {
  readonly code = 'ERR_BLOCKED_ADDRESS'
  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(`${hostname} is at ${address}, which is not on the public internet`)
    this.name = 'BlockedAddressError'
  }
}

/** Whether an error (or what caused it) is the guard's refusal. */
export function isBlockedAddressError(err: unknown): err is BlockedAddressError {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof BlockedAddressError) return true
  }
  return false
}

/** Resolves a name to every address it has (the system's resolver unless a test gives its own). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>

const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  )

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/**
 * A `lookup` for net/tls.connect that resolves once and hands the socket exactly the addresses it
 * checked; a name with any blocked address is refused whole (one public and one private answer is
 * what a rebinding name gives).
 */
export function guardedLookup(resolve: Resolve = systemResolve) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (answers) => {
        const family = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0
        const addresses = family ? answers.filter((a) => a.family === family) : answers
        const blocked = answers.find((a) => isBlockedAddress(a.address))
        if (blocked) return callback(new BlockedAddressError(hostname, blocked.address), [])
        if (!addresses.length) {
          return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND', hostname }), [])
        }
        if (options.all) return callback(null, addresses)
        callback(null, addresses[0]!.address, addresses[0]!.family)
      },
      (err: NodeJS.ErrnoException) => callback(err, []),
    )
  }
}

export interface PublicFetchOptions {
  /**
   * Hosts the operator configured (the tourism provider's API, `host:port` or a bare host for any
   * port): connected to whatever their address, since in the demo and tests the fakes listen on
   * 127.0.0.1. Never an address taken from content.
   */
  allowedHosts?: readonly string[] | undefined
  /** The name resolver (tests give one that answers as a rebinding name would). */
  resolve?: Resolve | undefined
  /** How long a connection may take to open (default 10 s). */
  connectTimeoutMs?: number | undefined
}

export type PublicFetch = (url: string | URL, init?: RequestInit) => Promise<Response>

/** A `fetch` that reaches only public addresses and the configured hosts, checked at connect time (redirects too). */
export function createPublicFetch(options: PublicFetchOptions = {}): PublicFetch & { close(): Promise<void> } {
  const allowed = new Set<string>()
  for (const entry of options.allowedHosts ?? []) {
    const host = entry.trim().toLowerCase()
    if (host) allowed.add(host)
  }
  const timeout = options.connectTimeoutMs ?? 10_000
  const guarded = buildConnector({ timeout, lookup: guardedLookup(options.resolve) })
  const plain = buildConnector({ timeout })
  const connect: buildConnector.connector = (opts, callback) => {
    const hostname = opts.hostname.toLowerCase()
    const port = String(opts.port || (opts.protocol === 'https:' ? 443 : 80))
    const hostKey = isIP(hostname) === 6 ? `[${hostname}]` : hostname
    if (allowed.has(hostKey) || allowed.has(`${hostKey}:${port}`)) return plain(opts, callback)
    // An address in the URL itself is never looked up: checked here.
    if (isIP(hostname) && isBlockedAddress(hostname)) return callback(new BlockedAddressError(hostname, hostname), null)
    return guarded(opts, callback)
  }
  const agent = new Agent({ connect })
  const publicFetch = (url: string | URL, init?: RequestInit) => undiciFetch(url, { ...init, dispatcher: agent })
  return Object.assign(publicFetch, { close: () => agent.close() })
}
