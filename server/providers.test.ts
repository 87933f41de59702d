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
    expect(modes({})).toEqual({ demo: true, seedDemo: true, atdw: 'demo', bookeasy: 'demo', mail: 'demo', storage: 'real' })
  })

  it('a DATABASE_URL makes it a real deployment: unconfigured providers are off, nothing is seeded', () => {
    expect(modes({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/site' })).toEqual({
      demo: false,
      seedDemo: false,
      atdw: 'off',
      bookeasy: 'off',
      mail: 'off',
      storage: 'real',
    })
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
