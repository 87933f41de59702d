import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { contentSecurityPolicy, inlineScriptHashes, PagePolicy, siteParties } from './content-security-policy.ts'
import { createPageCache } from './page-cache.ts'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
const directive = (policy: string | null, name: string) =>
  (policy ?? '')
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1)
    .split(' ') ?? []

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  BOOKEASY_GADGET_SCRIPT_URL: 'https://gadgets.provider.example/gadgets.js?key=1',
  MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png',
  SENTRY_DSN: 'https://key@errors.example/7',
})

function pageWith(thirdParties: { analyticsId: string; tagManagerId: string; pixelId: string }) {
  const page = new PagePolicy()
  page.thirdParties(thirdParties)
  page.embeds([
    { componentType: 'RegionMap', alpacaURL: 'https://maps.example/region/1' },
    { componentType: 'Container', contents: [{ componentType: 'NewsletterForm', formAction: 'https://forms.example/subscribe' }] },
  ])
  return page
}

describe('the Content-Security-Policy of a page', () => {
  it('names the configured third parties, the consent-bound ones only with consent', () => {
    const page = pageWith({ analyticsId: 'G-ABCDEF1', tagManagerId: 'GTM-ABCD12', pixelId: '1234567' })
    const site = siteParties(config)
    const declined = contentSecurityPolicy({ scripts: ["'nonce-x'"], site, page, consented: false, editor: false })
    const accepted = contentSecurityPolicy({ scripts: ["'nonce-x'"], site, page, consented: true, editor: false })
    expect(directive(declined, 'script-src')).toEqual(["'self'", "'nonce-x'", 'https://gadgets.provider.example'])
    expect(directive(declined, 'img-src')).toContain('https://*.tiles.example')
    expect(directive(declined, 'frame-src')).toContain('https://maps.example')
    expect(directive(declined, 'form-action')).toEqual(["'self'", 'https://forms.example'])
    for (const host of ['googletagmanager', 'facebook', 'google-analytics', 'errors.example']) expect(declined).not.toContain(host)
    expect(directive(accepted, 'script-src')).toEqual(
      expect.arrayContaining(['https://www.googletagmanager.com', 'https://connect.facebook.net']),
    )
    expect(directive(accepted, 'connect-src')).toEqual(expect.arrayContaining(['https://*.google-analytics.com', 'https://errors.example']))
    // Nothing configured: nothing added, consent or not.
    const bare = contentSecurityPolicy({
      scripts: [],
      site: siteParties(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })),
      page: pageWith({ analyticsId: 'G-DEMO000000', tagManagerId: '', pixelId: '' }),
      consented: true,
      editor: false,
    })
    expect(directive(bare, 'script-src')).toEqual(["'self'"])
    expect(directive(bare, 'connect-src')).toEqual(["'self'", 'https://forms.example'])
  })

  it("hashes every inline script's text, data blocks included, and not the external ones", () => {
    const html =
      '<script nonce="n">window.__ctx = {"a":"é"}</script><script src="/assets/x.js"></script>' +
      '<script type="text/x-deferred-module" data-modules="/a.js">import("/a.js")</script><script type="application/ld+json">{}</script>'
    expect(inlineScriptHashes(html)).toEqual([sha('window.__ctx = {"a":"é"}'), sha('import("/a.js")'), sha('{}')])
  })
})

describe('the page cache and the policy', () => {
  const html = '<!doctype html><html><body><p>Hi</p><script nonce="render-nonce">start()</script></body></html>'
  const rendered = () =>
    new Response(html, {
      status: 200,
      headers: { 'content-type': 'text/html', 'content-security-policy': "script-src 'self' 'nonce-render-nonce'" },
    })
  const policy = (scripts: string[]) => ({
    declined: `script-src 'self' ${scripts.join(' ')}`,
    accepted: `script-src 'self' ${scripts.join(' ')} https://www.googletagmanager.com`,
  })
  const request = (cookie?: string) =>
    new Request('http://site.test/about', { headers: { host: 'site.test', 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) } })

  it("stores a page with its scripts' hashes instead of the render's nonce, per consent, fresh, stale and straight from Node", async () => {
    const cache = createPageCache({ maxEntries: 10 })
    const first = await cache.put(request(), rendered(), { domainId: 'd', dependsOn: ['page:1'], policy })
    const expected = `script-src 'self' ${sha('start()')}`
    expect(first.headers.get('x-cache')).toBe('MISS')
    expect(first.headers.get('content-security-policy')).toBe(expected)

    const hit = cache.get(request())!
    expect(hit.headers.get('x-cache')).toBe('HIT')
    expect(hit.headers.get('content-security-policy')).toBe(expected)
    expect(cache.get(request('a=1; consent=accepted'))!.headers.get('content-security-policy')).toBe(
      `${expected} https://www.googletagmanager.com`,
    )
    expect(cache.get(request('consent=declined'))!.headers.get('content-security-policy')).toBe(expected)

    // Production answers hits in Node's request handler: the same headers there.
    const server = http.createServer((req, res) => {
      if (!cache.serve(req, res)) res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      // (fetch sends its own Host header: node:http, as a browser's request arrives.)
      const served = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .get({ port, host: '127.0.0.1', path: '/about', headers: { host: 'site.test', cookie: 'consent=accepted' } }, (res) => {
            res.resume()
            resolve(res)
          })
          .on('error', reject),
      )
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-security-policy']).toBe(`${expected} https://www.googletagmanager.com`)

      // Published since: served stale (while one render refreshes it), with the same policy.
      cache.invalidate('d', { kind: 'pages', collection: 'pages', ids: ['1'] })
      const stale = cache.get(request())!
      expect(stale.headers.get('x-cache')).toBe('STALE')
      expect(stale.headers.get('content-security-policy')).toBe(expected)
    } finally {
      server.close()
    }
  })

  it('keeps the response’s own policy when the renderer gives no builder', async () => {
    const cache = createPageCache({ maxEntries: 10 })
    await cache.put(request(), rendered(), { domainId: 'd' })
    expect(cache.get(request())!.headers.get('content-security-policy')).toBe("script-src 'self' 'nonce-render-nonce'")
  })
})
