/**
 * Listing photos from the tourism provider, rendered by the same pipeline as uploads: fetched once
 * (behind the SSRF guard, with size and time limits), kept in the variant cache, and only the
 * addresses a listing itself holds.
 */
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp, { type Metadata } from 'sharp'
import type { Response } from 'undici'
import { listingPhotoKey } from '#lib/image-url'
import type { Listing } from '#lib/listings'
import type { Db } from '../../db/client.ts'
import { listings } from '../../db/schema.ts'
import { createPublicFetch, isBlockedAddressError, type Resolve } from '../../integrations/public-fetch.ts'
import type { createCacheBudget } from '../image-cache-pruner.ts'
import {
  editorOnly,
  FORMAT_INFO,
  type ImageAccess,
  type ImageLimits,
  type Source,
  type SourceFormat,
  type SourceInfo,
  type TransformParams,
} from './plan.ts'

export interface ProviderPhotoOptions {
  /**
   * What a relative photo address (the demo's `/atdw-demo/images/...`) is fetched from: the
   * provider's API address (ATDW_API_URL; in the demo, the fake's loopback address). Unset: relative
   * addresses are not fetched.
   */
  relativeBase?: string | undefined
  /** How long the provider may take to send a photo (default 15 s); longer answers 504. */
  timeoutMs?: number | undefined
  /**
   * Hosts (host or host:port) whose photos may be fetched though they resolve to a private,
   * loopback or link-local address: the configured provider's own (relativeBase's host is always
   * allowed; in the demo and tests the fake provider runs on 127.0.0.1). Any other host on such an
   * address is refused (SSRF guard, checked when the connection is made: server/integrations/public-fetch.ts).
   */
  allowedHosts?: readonly string[] | undefined
  /** The name resolver (tests give one that answers as a rebinding name would); the system's by default. */
  resolve?: Resolve | undefined
}

/** Provider photo folders in the cache: a name no image id can take (ids start with a letter or digit). */
const PROVIDER_DIR = '_provider'
const LISTING_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/
const PHOTO_KEY_PATTERN = /^[0-9a-z]{1,16}$/

/** The provider could not give a listing photo: 502 (it failed or sent no image) or 504 (it did not answer in time). */
export class ProviderPhotoError extends Error {
  constructor(
    readonly status: 502 | 504,
    message: string,
  ) {
    super(message)
    this.name = 'ProviderPhotoError'
  }
}

/** The photo addresses of a listing document: its image and its gallery (provider multimedia of type IMAGE). */
export function listingPhotoAddresses(doc: Listing | null | undefined): string[] {
  if (!doc) return []
  const found = new Set<string>()
  const url = doc.image?.value?.url
  if (url) found.add(url)
  for (const m of [...(doc.multimedia?.value ?? []), ...(doc.atdw?.multimedia ?? [])]) {
    if (m.attributeIdMultimediaContent === 'IMAGE' && m.serverPath) found.add(m.serverPath)
  }
  return [...found]
}

interface StoredPhotoInfo extends SourceInfo {
  url: string
}

export function createProviderPhotos(
  db: Db,
  cacheDir: string,
  budget: ReturnType<typeof createCacheBudget>,
  limits: ImageLimits,
  options: ProviderPhotoOptions,
) {
  const timeoutMs = options.timeoutMs ?? 15_000
  const fetching = new Map<string, Promise<{ bytes: Buffer; info: StoredPhotoInfo }>>()
  const allowed = [...(options.allowedHosts ?? [])]
  if (options.relativeBase) {
    try {
      allowed.push(new URL(options.relativeBase).host)
    } catch {
      // Not an address: nothing to allow.
    }
  }
  // The SSRF guard: a photo's host may not be at a private, loopback or link-local address, unless
  // it is the configured provider's (or one allowed explicitly); checked at connect time, every hop.
  const publicFetch = createPublicFetch({ allowedHosts: allowed, resolve: options.resolve })

  /** Only http(s) addresses; a relative one against the provider's address (the demo). */
  function resolve(address: string): URL | null {
    let url: URL
    try {
      url =
        address.startsWith('/') && !address.startsWith('//') && options.relativeBase
          ? new URL(address, options.relativeBase)
          : new URL(address)
    } catch {
      return null
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    if (url.username || url.password) return null
    return url
  }

  const dirOf = (address: string) => path.join(PROVIDER_DIR, createHash('sha256').update(address).digest('base64url').slice(0, 32))

  async function download(address: string, dir: string): Promise<{ bytes: Buffer; info: StoredPhotoInfo }> {
    const url = resolve(address)
    if (!url) throw new ProviderPhotoError(502, 'The stored photo address cannot be fetched')
    let res: Response
    try {
      const signal = AbortSignal.timeout(timeoutMs)
      // Redirects are followed by hand, each address checked like the first (at most 3).
      let target = url
      for (let hop = 0; ; hop++) {
        res = await publicFetch(target, { signal, redirect: 'manual', headers: { accept: 'image/*' } })
        const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null
        if (!location) break
        await res.body?.cancel().catch(() => {})
        const next = hop < 3 ? resolve(new URL(location, target).toString()) : null
        if (!next) throw new ProviderPhotoError(502, 'The tourism provider redirected this photo too often or elsewhere')
        target = next
      }
    } catch (err) {
      if (err instanceof ProviderPhotoError) throw err
      if (isBlockedAddressError(err)) throw new ProviderPhotoError(502, 'The stored photo address is not on the public internet')
      const name = (err as { name?: string }).name
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new ProviderPhotoError(504, `The tourism provider did not send the photo within ${Math.round(timeoutMs / 1000)} s`)
      }
      throw new ProviderPhotoError(502, 'The tourism provider could not be reached for this photo')
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {})
      throw new ProviderPhotoError(502, `The tourism provider answered ${res.status} for this photo`)
    }
    const declared = Number(res.headers.get('content-length') ?? 0)
    if (declared > limits.maxBytes) {
      await res.body?.cancel().catch(() => {})
      throw new ProviderPhotoError(502, "The provider's photo is larger than images may be")
    }
    const chunks: Buffer[] = []
    let size = 0
    try {
      const reader = res.body?.getReader()
      for (let part = await reader?.read(); reader && part && !part.done; part = await reader.read()) {
        size += part.value.length
        if (size > limits.maxBytes) {
          await reader.cancel().catch(() => {})
          throw new ProviderPhotoError(502, "The provider's photo is larger than images may be")
        }
        chunks.push(Buffer.from(part.value))
      }
    } catch (err) {
      if (err instanceof ProviderPhotoError) throw err
      const name = (err as { name?: string }).name
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new ProviderPhotoError(504, `The tourism provider did not send the photo within ${Math.round(timeoutMs / 1000)} s`)
      }
      throw new ProviderPhotoError(502, 'The tourism provider broke off sending the photo')
    }
    const bytes = Buffer.concat(chunks)
    let meta: Metadata
    try {
      meta = await sharp(bytes, { limitInputPixels: limits.maxPixels }).metadata()
    } catch {
      throw new ProviderPhotoError(502, 'The tourism provider sent something that is not an image')
    }
    const format: SourceFormat | undefined =
      meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp' || meta.format === 'gif'
        ? meta.format
        : meta.format === 'heif' && meta.compression === 'av1'
          ? 'avif'
          : undefined
    if (!format || !meta.autoOrient?.width || !meta.autoOrient.height) {
      throw new ProviderPhotoError(502, 'The tourism provider sent something that is not an image')
    }
    const info: StoredPhotoInfo = {
      url: address,
      width: meta.autoOrient.width,
      height: meta.autoOrient.height,
      contentType: FORMAT_INFO[format].contentType,
    }
    // Kept like a variant: written whole (temporary file, then rename), counted against the cache limit.
    try {
      const folder = path.join(cacheDir, dir)
      await fs.mkdir(folder, { recursive: true })
      for (const [name, data] of [
        ['original', bytes],
        ['source.json', Buffer.from(JSON.stringify(info))],
      ] as const) {
        const tmp = path.join(folder, `${name}.${randomBytes(6).toString('hex')}.tmp`)
        await fs.writeFile(tmp, data)
        await fs.rename(tmp, path.join(folder, name))
      }
      await budget.added(bytes.length)
    } catch {
      // An unwritable cache costs speed, not the picture.
    }
    return { bytes, info }
  }

  /** The original, from the cache or (once, shared by concurrent requests) from the provider. */
  function fetchOnce(address: string, dir: string) {
    let job = fetching.get(dir)
    if (!job) {
      job = download(address, dir).finally(() => fetching.delete(dir))
      fetching.set(dir, job)
    }
    return job
  }

  return {
    /** The stored address behind a listing and key, or null (unknown listing, key, or not visible to the caller). */
    async addressOf(listingId: string, key: string, access: ImageAccess): Promise<string | null> {
      if (!LISTING_ID_PATTERN.test(listingId) || !PHOTO_KEY_PATTERN.test(key)) return null
      const [row] = await db
        .select({ doc: listings.doc, publicDoc: listings.publicDoc, published: listings.published })
        .from(listings)
        .where(eq(listings.id, listingId))
        .limit(1)
      if (!row) return null
      const docs = [row.published ? row.publicDoc : null, access === 'editor' ? row.doc : null]
      for (const doc of docs) {
        const found = listingPhotoAddresses(doc).find((address) => listingPhotoKey(address) === key)
        if (found) return found
      }
      return null
    },

    async source(address: string): Promise<Source> {
      const dir = dirOf(address)
      const folder = path.join(cacheDir, dir)
      let info: StoredPhotoInfo | null = null
      try {
        const stored = JSON.parse(await fs.readFile(path.join(folder, 'source.json'), 'utf8')) as StoredPhotoInfo
        if (stored.url === address) info = stored
      } catch {
        // Not fetched yet (or pruned).
      }
      if (!info) info = (await fetchOnce(address, dir)).info
      return {
        dir,
        width: info.width,
        height: info.height,
        contentType: info.contentType,
        read: async () => {
          try {
            return await fs.readFile(path.join(folder, 'original'))
          } catch {
            return (await fetchOnce(address, dir)).bytes
          }
        },
      }
    },
  }
}

/** Visitors get the sizes and formats of the pipeline; crops, focal points, q and b are not variants the site uses for provider photos. */
export function assertVisitorPhotoVariant(p: TransformParams) {
  if (p.q !== undefined) throw editorOnly('The quality (q) is not one of the variants the site uses')
  if (p.b !== undefined) throw editorOnly('Blurred (b) variants are not ones the site uses')
  if ([p.cx, p.cy, p.cw, p.ch, p.fx, p.fy].some((v) => v !== undefined)) {
    throw editorOnly('Listing photos are shown uncropped')
  }
}
