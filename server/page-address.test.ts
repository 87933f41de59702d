import { describe, expect, it } from 'vitest'
import { checkPageAddress } from './page-address.ts'

const check = (address: string) => checkPageAddress(new URL(address, 'http://localhost'))

describe('page addresses (issue 29 point 9)', () => {
  it.each(['/search?q=a%00', '/about%00', '/search?q=%ED%A0%80', '/about%ED%A0%80', '/search?q=%E0%A4%A'])(
    'refuses %s with 400',
    (address) => {
      expect(check(address)).toMatchObject({ ok: false, status: 400 })
    },
  )

  it.each([
    ['/ABOUT', '/about'],
    ['/about~', '/about'],
    ['/about/', '/about'],
    ['/About/?utm_source=x', '/about?utm_source=x'],
    ['/ABOUT.data', '/about.data'],
    ['/caf%C3%89', '/caf%C3%A9'],
  ])('redirects %s to %s', (address, location) => {
    expect(check(address)).toEqual({ ok: false, status: 308, location })
  })

  it.each(['/', '/about', '/listing/barossa-farmers-market', '/about.data', '/_root.data', '/caf%C3%A9', '/search?q=Caf%C3%A9+%26+wine'])(
    'passes %s as it is',
    (address) => {
      expect(check(address)).toEqual({ ok: true })
    },
  )
})
