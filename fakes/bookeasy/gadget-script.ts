/**
 * A stand-in for the booking provider's gadget script (gadgets.jsz), offering only what the
 * provider documents (docs/decisions/010-the-booking-provider-contract.md):
 *
 * - `$w(ready)` and `$w.event.subscribe(name, handler)` (the gadgets' events);
 * - `BE.gadget.<name>(selector, options)` for details, giftVouchers, search, region, book and cart,
 *   and `BE.gadget.init(options)` (how this site initialises them);
 * - `BE.gadget.cart.addToCartTrigger(options)` with the documented options (vcId, operatorId,
 *   operatorName, type, productId, productName, cost, adults, children, infants, observers, period,
 *   students, date); it publishes 'item.book.click' on success and 'item.book.click.error' when the
 *   options break a documented rule (type accom/tours/carhire/events, date YYYY-MM-DD, every pax
 *   option given; packages not supported).
 *
 * The details widget's 'Add to cart' button books through addToCartTrigger, as the real gadget's
 * booking buttons add to the provider's cart. What the events hand their subscribers is not
 * documented: this fake hands over the options that were booked (the one assumption, see the
 * decision record).
 *
 * `?fail=1` on the script address makes every gadget throw (the "script errors" path).
 */
export function fakeGadgetScript(fail: boolean): string {
  return `;(function () {
  'use strict'
  var FAIL = ${fail ? 'true' : 'false'}
  var handlers = {}
  function publish(name, data) {
    ;(handlers[name] || []).slice().forEach(function (handler) {
      try { handler(data) } catch (error) { setTimeout(function () { throw error }) }
    })
  }
  function el(tag, attrs, children) {
    var node = document.createElement(tag)
    for (var name in attrs || {}) node.setAttribute(name, attrs[name])
    ;(children || []).forEach(function (child) {
      node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child)
    })
    return node
  }
  function mount(selector, name, children) {
    if (FAIL) throw new Error('fake gadget failure: ' + name)
    var target = document.querySelector(selector)
    if (!target) throw new Error('No element for ' + selector)
    target.textContent = ''
    var box = el('div', { 'class': 'fake-be-gadget', 'data-be-gadget': name }, children)
    target.appendChild(box)
    return box
  }
  function field(id, label, type, value) {
    return el('p', {}, [el('label', { 'for': id }, [label]), ' ', el('input', { id: id, type: type || 'text', value: value || '' })])
  }
  function day(d) {
    if (!(d instanceof Date)) return String(d)
    return d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0')
  }
  var TYPES = ['accom', 'tours', 'carhire', 'events']
  var PAX = ['adults', 'children', 'infants', 'observers']
  /** The documented rules of addToCartTrigger's options; the first one broken, or null. */
  function invalid(o) {
    if (!o || typeof o !== 'object') return 'options are required'
    if (TYPES.indexOf(o.type) < 0) return 'type must be one of accom, tours, carhire, events'
    if (!/^\\d{4}-\\d{2}-\\d{2}$/.test(String(o.date))) return 'date must be YYYY-MM-DD'
    for (var i = 0; i < PAX.length; i++) if (typeof o[PAX[i]] !== 'number') return PAX[i] + ' is required'
    return null
  }
  var gadget = {
    init: function (options) { window.BE.options = options },
    cart: function (selector, o) {
      mount(selector, 'cart', [el('p', {}, ['Your cart'])])
    },
    details: function (selector, o) {
      var add = el('button', { type: 'button' }, ['Add to cart'])
      var box = mount(selector, 'details', [
        el('h3', {}, ['Availability for product ' + o.productID]),
        el('p', {}, ['Type ' + o.type + (o.defaultDate ? ', from ' + day(o.defaultDate) : '')]),
        add,
      ])
      add.addEventListener('click', function () {
        var date = o.defaultDate ? day(o.defaultDate) : day(new Date())
        var done = function () {
          var note = el('p', { role: 'status' }, ['Added to your cart. ', el('a', { href: o.bookingURL || '/booking' }, ['Go to booking'])])
          box.appendChild(note)
        }
        $w.event.subscribe('item.book.click', function once() {
          handlers['item.book.click'] = (handlers['item.book.click'] || []).filter(function (h) { return h !== once })
          done()
        })
        gadget.cart.addToCartTrigger({
          vcId: o.vcID,
          operatorId: Number(o.productID),
          operatorName: 'Operator ' + o.productID,
          type: o.type,
          productId: Number(o.productID) * 10 + 1,
          productName: 'Room 1 at operator ' + o.productID,
          cost: 120,
          adults: 2,
          children: 0,
          infants: 0,
          observers: 0,
          period: 1,
          students: 0,
          date: date,
        })
      })
    },
    giftVouchers: function (selector, o) {
      mount(selector, 'giftVouchers', [el('h3', {}, ['Gift vouchers']), field('fake-be-voucher-amount', 'Amount (A$)', 'number', '50'), el('button', { type: 'button' }, ['Buy voucher'])])
    },
    search: function (selector, o) {
      mount(selector, 'search', [el('h3', {}, ['Search availability']), field('fake-be-search-from', 'Arrive', 'date'), el('button', { type: 'button' }, ['Search'])])
    },
    region: function (selector, o) {
      mount(selector, 'region', [el('h3', {}, ['Stay in the region']), field('fake-be-region-from', 'Arrive', 'date'), el('button', { type: 'button' }, ['Search'])])
    },
    book: function (selector, o) {
      mount(selector, 'book', [el('h3', {}, ['Checkout']), field('fake-be-book-name', 'Name on booking'), el('button', { type: 'button' }, ['Book now'])])
    },
  }
  gadget.cart.addToCartTrigger = function (options) {
    var problem = invalid(options)
    // Published after the call returns, as an answer from the provider would be.
    setTimeout(function () {
      if (problem) publish('item.book.click.error', { message: problem })
      else publish('item.book.click', options)
    })
  }
  var $w = function (ready) { ready() }
  $w.event = {
    subscribe: function (name, handler) {
      ;(handlers[name] = handlers[name] || []).push(handler)
    },
  }
  window.BE = { gadget: gadget }
  window.$w = $w
})();
`
}
