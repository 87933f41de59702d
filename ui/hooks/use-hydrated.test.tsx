import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { useHydrated } from './use-hydrated'

function Probe() {
  return useHydrated() ? <button type="button">Apply</button> : <a href="?apply">Apply</a>
}

describe('useHydrated', () => {
  it('is false in the server-rendered page, so it shows what works without JavaScript', () => {
    expect(renderToString(<Probe />)).toBe('<a href="?apply">Apply</a>')
  })
})
