import { describe, expect, it } from 'vitest'
import { matchRedirect, type Redirect } from './redirects.ts'

const rules: Redirect[] = [
  { from: '/old-page', to: '/new-page', status: 301, prefix: false },
  { from: '/events', to: '/whats-on', status: 302, prefix: true },
  { from: '/events/archive', to: '/past-events', status: 301, prefix: true },
]

describe('matchRedirect', () => {
  it('matches an exact path regardless of case and trailing slash', () => {
    expect(matchRedirect(rules, '/Old-Page/')).toEqual({ location: '/new-page', status: 301 })
  })
  it('keeps the rest of the path under a prefix rule, preferring the longest prefix', () => {
    expect(matchRedirect(rules, '/events/harvest-festival')).toEqual({ location: '/whats-on/harvest-festival', status: 302 })
    expect(matchRedirect(rules, '/events/archive/2019')).toEqual({ location: '/past-events/2019', status: 301 })
  })
  it('does not match a path that only starts with the same letters', () => {
    expect(matchRedirect(rules, '/eventsful')).toBeNull()
    expect(matchRedirect(rules, '/old-page-2')).toBeNull()
  })
})
