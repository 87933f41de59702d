/**
 * A stand-in for the booking provider's gadget script (gadgets.jsz): the same globals the real one
 * offers — `$w(ready)` and `BE.gadget.<name>(selector, options)` for init, details, giftVouchers,
 * search, region and book — rendering small, accessible widgets, so the site's loading -> shown
 * path runs in tests without the internet. Its details widget's 'Add to cart' button announces
 * the item with the `bookeasy:add-to-cart` event the site's cart listens for.
 *
 * `?fail=1` on the script address makes every gadget throw (the "script errors" path).
 */
export function fakeGadgetScript(fail: boolean): string {
  return `;(function () {
  'use strict'
  var FAIL = ${fail ? 'true' : 'false'}
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
  var counter = 0
  var gadget = {
    init: function (options) { window.BE.options = options },
    details: function (selector, o) {
      var add = el('button', { type: 'button' }, ['Add to cart'])
      var box = mount(selector, 'details', [
        el('h3', {}, ['Availability for product ' + o.productID]),
        el('p', {}, ['Type ' + o.type + (o.defaultDate ? ', from ' + day(o.defaultDate) : '')]),
        add,
      ])
      add.addEventListener('click', function () {
        counter += 1
        var item = {
          id: String(o.productID) + '-' + Date.now() + '-' + counter,
          operatorid: String(o.productID),
          type: o.type,
          image: '',
          period: 1,
          adults: 2,
          children: 0,
          infants: 0,
          startdate: o.defaultDate ? day(o.defaultDate) : new Date().toISOString().slice(0, 10),
          quotedprice: 120,
          specials: [],
          bookingQuestionAnswers: [],
        }
        document.dispatchEvent(new CustomEvent('bookeasy:add-to-cart', { detail: item }))
        var done = el('p', { role: 'status' }, ['Added to your cart. ', el('a', { href: o.bookingURL || '/booking' }, ['Go to booking'])])
        box.appendChild(done)
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
  window.BE = { gadget: gadget }
  window.$w = function (ready) { ready() }
})();
`
}
