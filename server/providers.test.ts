import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { providerModes } from './providers.ts'

/** Issue 13: the fakes stand in only in the demo; a real deployment's unconfigured provider is off. */
describe('demo or real providers', () => {
  const modes = (env: Record<string, string>) => {
    const config = loadConfig({ BASE_URL: 'http://localhost', ...env })
    return { demo: config.demo, seedDemo: config.seedDemo, ...providerModes(config) }
  }

  it('a bare install (embedded database, no provider setting) is the demo', () => {
    expect(modes({})).toEqual({
      demo: true,
      seedDemo: true,
      atdw: 'demo',
      bookeasy: 'demo',
      mail: 'demo',
      storage: 'real',
      cdn: 'off',
      routing: 'off',
      translation: 'demo',
    })
  })

  it('a DATABASE_URL makes it a real deployment: unconfigured providers are off, nothing is seeded', () => {
    expect(modes({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/site' })).toEqual({
      demo: false,
      seedDemo: false,
      atdw: 'off',
      bookeasy: 'off',
      mail: 'off',
      storage: 'real',
      cdn: 'off',
      routing: 'off',
      translation: 'off',
    })
  })

  it('DEEPL_API_KEY makes machine translation real, on the Free or Pro host its key names; it is a provider setting (issue 33)', () => {
    expect(modes({ DEEPL_API_KEY: 'k:fx' })).toMatchObject({ demo: false, translation: 'real', atdw: 'off' })
    expect(loadConfig({ DEEPL_API_KEY: 'k:fx' }).translation).toEqual({ provider: 'deepl', apiKey: 'k:fx', apiUrl: undefined })
    expect(loadConfig({ DEEPL_API_KEY: 'k', DEEPL_API_URL: 'http://127.0.0.1:9/' }).translation).toMatchObject({
      apiUrl: 'http://127.0.0.1:9',
    })
    expect(() => loadConfig({ DEEPL_API_KEY: 'k', DEEPL_API_URL: 'deepl.example' })).toThrow(/DEEPL_API_URL/)
  })

  it("OSRM_URL makes the trip planner's routing real; unset it is off, the demo included (issue 35)", () => {
    expect(modes({ OSRM_URL: 'http://127.0.0.1:5000/' })).toMatchObject({ demo: true, routing: 'real' })
    expect(loadConfig({ OSRM_URL: 'http://127.0.0.1:5000/' }).routing).toEqual({ osrmUrl: 'http://127.0.0.1:5000', profile: 'driving' })
    expect(
      modes({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/site', OSRM_URL: 'https://osrm.example', OSRM_PROFILE: 'car' }),
    ).toMatchObject({
      routing: 'real',
    })
    expect(() => loadConfig({ OSRM_URL: 'osrm.example' })).toThrow(/OSRM_URL/)
  })

  it('CDN_PURGE names the CDN purged on publish, with its settings checked at start (decision 031)', () => {
    const base = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/site' }
    expect(modes({ ...base, CDN_PURGE: 'varnish', VARNISH_PURGE_URLS: 'http://varnish-1:6081, http://varnish-2:6081' })).toMatchObject({
      cdn: 'real',
    })
    expect(loadConfig({ ...base, CDN_PURGE: 'varnish', VARNISH_PURGE_URLS: 'http://varnish-1:6081, http://varnish-2:6081' }).cdn).toEqual({
      provider: 'varnish',
      purgeUrls: ['http://varnish-1:6081', 'http://varnish-2:6081'],
      soft: true,
      repurgeMs: 2000,
    })
    expect(
      loadConfig({ ...base, CDN_PURGE: 'varnish', VARNISH_PURGE_URLS: 'http://v:6081', CDN_REPURGE_SECONDS: '0' }).cdn?.repurgeMs,
    ).toBe(0)
    expect(modes({ ...base, CDN_PURGE: 'fastly', FASTLY_API_TOKEN: 't', FASTLY_SERVICE_ID: 's' })).toMatchObject({ cdn: 'real' })
    expect(modes({ ...base, CDN_PURGE: 'cloudflare', CLOUDFLARE_API_TOKEN: 't', CLOUDFLARE_ZONE_ID: 'z' })).toMatchObject({ cdn: 'real' })
    // With a purging CDN in front a visitor page may be kept an hour (publishes purge it); without, a minute.
    expect(loadConfig({ ...base, CDN_PURGE: 'fastly', FASTLY_API_TOKEN: 't', FASTLY_SERVICE_ID: 's' }).cdnMaxAgeSeconds).toBe(3600)
    expect(loadConfig(base).cdnMaxAgeSeconds).toBe(60)
    // A missing or wrong setting stops the start with its name.
    expect(() => loadConfig({ ...base, CDN_PURGE: 'fastly', FASTLY_API_TOKEN: 't' })).toThrow(
      /FASTLY_SERVICE_ID: required with CDN_PURGE=fastly/,
    )
    expect(() => loadConfig({ ...base, CDN_PURGE: 'cloudflare' })).toThrow(
      /CLOUDFLARE_API_TOKEN: required[\s\S]*CLOUDFLARE_ZONE_ID: required/,
    )
    expect(() => loadConfig({ ...base, CDN_PURGE: 'varnish' })).toThrow(/VARNISH_PURGE_URLS: required/)
    expect(() => loadConfig({ ...base, CDN_PURGE: 'varnish', VARNISH_PURGE_URLS: 'varnish:6081' })).toThrow(/not an http\(s\) address/)
    expect(() => loadConfig({ ...base, CDN_PURGE: 'akamai' })).toThrow(/CDN_PURGE/)
  })

  it('any provider setting makes it real: the other provider is off, not faked', () => {
    expect(modes({ ATDW_API_URL: 'https://atlas.example', ATDW_API_KEY: 'k' })).toMatchObject({
      demo: false,
      atdw: 'real',
      bookeasy: 'off',
    })
    expect(modes({ BOOKEASY_KEY: 'gadget-key' })).toMatchObject({ demo: false, atdw: 'off', bookeasy: 'real' })
    // The Content API key alone means the real booking provider, never the demo's fake.
    expect(modes({ BOOKEASY_API_KEY: 'content-api-key' })).toMatchObject({ demo: false, bookeasy: 'real' })
  })

  it('DEMO says so explicitly either way', () => {
    expect(modes({ DEMO: 'false' })).toMatchObject({ demo: false, atdw: 'off', bookeasy: 'off' })
    expect(modes({ DEMO: 'true', DATABASE_URL: 'postgres://db/site', SMTP_URL: 'smtp://mail:25' })).toMatchObject({
      demo: true,
      atdw: 'demo',
      bookeasy: 'demo',
      mail: 'real',
    })
  })
})
