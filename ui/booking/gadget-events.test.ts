import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { bookingErrorMessage, cartItemFromBooking } from './gadget-events'

/** The options the provider documents for BE.gadget.cart.addToCartTrigger (fakes/bookeasy/samples). */
const documented = (
  JSON.parse(fs.readFileSync(new URL('../../fakes/bookeasy/samples/addToCartTrigger.json', import.meta.url), 'utf8')) as {
    options: Record<string, unknown>
  }
).options

describe("the gadgets' booking event, read into the site's cart (spec 02 §3.6)", () => {
  it('maps the documented options to a cart item: operator, type, date, people, price', () => {
    const item = cartItemFromBooking(documented)
    expect(item).toMatchObject({
      operatorid: '25431',
      type: 'tours',
      startdate: '2019-11-06',
      period: 1,
      adults: 2,
      children: 0,
      infants: 0,
      quotedprice: 123654,
      productId: '62123',
      productName: 'Bee Event Test (12:10 AM to 1:05 AM',
      operatorName: 'Tour Manager Example',
    })
    expect(item!.id).toMatch(/^62123-/)
  })

  it('gives every booking its own id, so the same product booked twice is two cart items', () => {
    expect(cartItemFromBooking(documented)!.id).not.toBe(cartItemFromBooking(documented)!.id)
    expect(cartItemFromBooking({ ...documented, id: 'provider-id' })!.id).toBe('provider-id')
  })

  it('ignores a payload that names neither an operator nor a product', () => {
    for (const resp of [undefined, null, 'ok', {}, { type: 'accom', date: '2027-03-01' }]) expect(cartItemFromBooking(resp)).toBeNull()
  })

  it("shows the provider's own words for a failed booking, or the fallback", () => {
    expect(bookingErrorMessage({ message: 'date must be YYYY-MM-DD' }, 'fallback')).toBe('date must be YYYY-MM-DD')
    expect(bookingErrorMessage('Sold out', 'fallback')).toBe('Sold out')
    expect(bookingErrorMessage({ code: 7 }, 'fallback')).toBe('fallback')
  })
})
