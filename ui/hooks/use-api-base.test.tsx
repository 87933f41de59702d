import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { apiBaseOf, useApiBase } from './use-api-base'

function Probe() {
  return <span>{`${useApiBase()}/cart`}</span>
}

const renderWith = (rootData: { apiBase?: string } | undefined) => {
  const Stub = createRoutesStub([{ id: 'root', path: '/', Component: Probe, loader: () => rootData ?? null }])
  return renderToString(<Stub hydrationData={{ loaderData: { root: rootData } }} />)
}

describe('the API base', () => {
  it('is the same with or without trailing slashes', () => {
    expect(apiBaseOf('/api/')).toBe(apiBaseOf('/api'))
    expect(apiBaseOf('/v2//')).toBe('/v2')
    expect(apiBaseOf(undefined)).toBe('/api')
  })

  it("comes from the root loader's apiBase, '/api' without one", () => {
    expect(renderWith({ apiBase: '/v2/' })).toContain('<span>/v2/cart</span>')
    expect(renderWith({ apiBase: '/v2' })).toContain('<span>/v2/cart</span>')
    expect(renderWith(undefined)).toContain('<span>/api/cart</span>')
  })
})
