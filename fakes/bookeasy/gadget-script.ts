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
 * The details widget's 'Add to cart' button, and those of the search and region widgets' results,
 * book through addToCartTrigger, as the real gadgets' booking buttons add to the provider's cart.
 * What the events hand their subscribers is not documented: this fake hands over the options that
 * were booked (the one assumption, see the decision record).
 *
 * The widgets look like a booking provider's (a white panel, a row of fields, results with prices
 * and booking buttons) in the site's own type and colours: their markup carries the site's
 * Tailwind classes (this file is one of the sources Tailwind reads), and their dates are typed as
 * DD/MM/YYYY in text fields like the site's own date fields (lib/dates.ts), never the browser's
 * date input. Each widget's heading follows its type (accommodation, tours, events, car hire).
 *
 * `?fail=1` on the script address makes every gadget throw (the "script errors" path).
 */
import { KINDS, NAMES } from './operators.ts'

export function fakeGadgetScript(fail: boolean): string {
  return `;(function () {
  'use strict'
  var FAIL = ${fail ? 'true' : 'false'}
  // Operators' names as the fake provider's operator information gives them (operators.ts).
  var NAMES = ${JSON.stringify(NAMES)}
  var NAME_KINDS = ${JSON.stringify(KINDS)}
  function tradingName(id) {
    var n = Math.abs(Math.trunc(Number(id)))
    return isFinite(n) && String(id).trim() !== '' ? NAMES[n % NAMES.length] + ' ' + NAME_KINDS[Math.floor(n / NAMES.length) % NAME_KINDS.length] : 'Operator ' + id
  }
  var handlers = {}
  var count = 0
  function publish(name, data) {
    ;(handlers[name] || []).slice().forEach(function (handler) {
      try { handler(data) } catch (error) { setTimeout(function () { throw error }) }
    })
  }
  function el(tag, attrs, children) {
    var node = document.createElement(tag)
    for (var name in attrs || {}) if (attrs[name] !== undefined && attrs[name] !== null) node.setAttribute(name, attrs[name])
    ;(children || []).forEach(function (child) {
      if (child) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child)
    })
    return node
  }
  function uid(prefix) { count += 1; return 'fake-be-' + prefix + '-' + count }

  // ---- dates: typed as DD/MM/YYYY (as lib/dates.ts reads them), handed to the cart as YYYY-MM-DD
  var pad = function (n) { return String(n).padStart(2, '0') }
  function iso(d) { return d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate()) }
  function dmy(d) { return pad(d.getDate()) + '/' + pad(d.getMonth() + 1) + '/' + d.getFullYear() }
  function parseDmy(text) {
    var m = /^(\\d{1,2})\\/(\\d{1,2})\\/(\\d{4})$/.exec(String(text).trim())
    if (!m) return null
    var d = new Date(Number(m[3]), Number(m[2]) - 1, Number(m[1]))
    return d.getFullYear() === Number(m[3]) && d.getMonth() === Number(m[2]) - 1 && d.getDate() === Number(m[1]) ? d : null
  }
  function dateOf(value) {
    if (value instanceof Date) return value
    if (typeof value === 'string' && /^\\d{4}-\\d{2}-\\d{2}$/.test(value)) return new Date(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10)))
    return null
  }
  function tomorrow() { var d = new Date(); d.setDate(d.getDate() + 1); return d }

  // ---- the widgets' parts, in the site's classes
  var LABEL = 'flex flex-col gap-1.5 text-sm font-semibold text-ink'
  var INPUT = 'min-h-12 w-full rounded-md border border-ink/25 bg-white px-4 text-base font-normal text-ink aria-invalid:border-red-lighter'
  var BUTTON = 'button w-full sm:w-auto'
  var SMALL_BUTTON = 'button button--ghost min-h-11 px-5 py-2'
  function heading(text) { return el('h3', { 'class': 'font-display text-2xl font-semibold text-red-darkest' }, [text]) }
  function footnote() {
    return el('p', { 'class': 'flex items-center gap-2 border-t border-ink/10 pt-3 text-xs text-ink-soft' }, [
      el('span', { 'class': 'inline-block size-2 rounded-full bg-red', 'aria-hidden': 'true' }),
      'Online booking by BookEasy (demo stand-in: nothing is charged)',
    ])
  }
  function mount(selector, name, children) {
    if (FAIL) throw new Error('fake gadget failure: ' + name)
    var target = document.querySelector(selector)
    if (!target) throw new Error('No element for ' + selector)
    target.textContent = ''
    var box = el('div', { 'class': 'fake-be-gadget flex flex-col gap-5 text-ink', 'data-be-gadget': name }, children.concat([footnote()]))
    target.appendChild(box)
    return box
  }
  /** A text field; a date field when hint is 'DD/MM/YYYY' (checked when the widget's button is pressed). */
  function field(label, options) {
    options = options || {}
    var id = uid('field')
    var hintId = id + '-hint'
    var errorId = id + '-error'
    var input = el('input', {
      id: id,
      name: options.name,
      type: options.type || 'text',
      value: options.value || '',
      inputmode: options.date ? 'numeric' : options.inputmode,
      autocomplete: options.autocomplete || 'off',
      placeholder: options.date ? 'DD/MM/YYYY' : undefined,
      maxlength: options.date ? '10' : undefined,
      pattern: options.date ? '\\\\d{1,2}/\\\\d{1,2}/\\\\d{4}' : undefined,
      'aria-describedby': (options.date ? hintId + ' ' : '') + errorId,
      'class': INPUT,
    })
    var error = el('p', { id: errorId, 'aria-live': 'polite', 'class': 'text-sm font-semibold text-red empty:hidden' })
    var wrap = el('div', { 'class': 'flex flex-col gap-1.5' }, [
      el('label', { 'for': id, 'class': LABEL }, [
        el('span', {}, [label, options.date ? ' ' : '', options.date ? el('span', { id: hintId, 'class': 'font-normal text-ink-soft' }, ['(DD/MM/YYYY)']) : null]),
      ]),
      input,
      error,
    ])
    return {
      node: wrap,
      input: input,
      /** The date typed, or null with the field marked and the reason under it. */
      date: function () {
        var d = parseDmy(input.value)
        if (!d) {
          input.setAttribute('aria-invalid', 'true')
          error.textContent = input.value.trim() ? 'Please enter a real date as DD/MM/YYYY.' : 'Please enter a date as DD/MM/YYYY.'
          input.focus()
          return null
        }
        input.removeAttribute('aria-invalid')
        error.textContent = ''
        return d
      },
    }
  }
  function select(label, values, selected) {
    var id = uid('select')
    var node = el('select', { id: id, 'class': INPUT + ' pr-10' }, values.map(function (v) {
      var option = el('option', { value: String(v) }, [String(v)])
      if (v === selected) option.setAttribute('selected', '')
      return option
    }))
    return { node: el('div', { 'class': 'flex flex-col gap-1.5' }, [el('label', { 'for': id, 'class': LABEL }, [label]), node]), input: node }
  }
  function button(text, className) { return el('button', { type: 'button', 'class': className || BUTTON }, [text]) }
  function row(children) { return el('div', { 'class': 'grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-4' }, children) }

  // ---- what each type of widget offers
  var KINDS = {
    accom: {
      region: 'Stay in the region', search: 'Search accommodation', date: 'Check in', unit: 'per night', nights: true,
      results: [['Vine View Cottage', 'Tanunda · sleeps 4', 240], ['Bluestone Bed and Breakfast', 'Angaston · breakfast included', 195], ['Kaiser Stuhl Lodge', 'Nuriootpa · spa and pool', 310]],
    },
    tours: {
      region: 'Tours and experiences in the region', search: 'Search tours and experiences', date: 'Date', unit: 'per person',
      results: [['Dawn balloon flight', 'Leaves Tanunda at sunrise · 3 hours', 395], ['Old vine cellar door tour', 'Small group · 5 hours', 145], ['Barossa Trail bike tour', 'E-bikes included · 4 hours', 99]],
    },
    events: {
      region: 'Events in the region', search: 'Search events', date: 'Date', unit: 'per ticket',
      results: [['Music in the Vines', 'Seppeltsfield · afternoon', 65], ['Harvest long lunch', 'Lyndoch · four courses', 120], ['Barossa Farmers Market breakfast', 'Angaston · morning', 25]],
    },
    carhire: {
      region: 'Car hire in the region', search: 'Search car hire', date: 'Pick-up date', unit: 'per day', nights: true,
      results: [['Compact car', 'Tanunda depot', 79], ['Family SUV', 'Nuriootpa depot', 119], ['Chauffeured day tour car', 'Driver included', 480]],
    },
  }
  function kindOf(o) { return KINDS[o && o.type] || KINDS.accom }
  var OPERATOR_BASE = { accom: 1100, tours: 1200, events: 1300, carhire: 1400 }

  /** Adds to the provider's cart; shows the outcome beneath 'where'. */
  function book(where, options) {
    var note = where.querySelector('[data-be-note]')
    if (!note) { note = el('p', { role: 'status', 'data-be-note': '', 'class': 'basis-full text-sm' }); where.appendChild(note) }
    $w.event.subscribe('item.book.click', function once() {
      handlers['item.book.click'] = (handlers['item.book.click'] || []).filter(function (h) { return h !== once })
      note.textContent = ''
      note.appendChild(document.createTextNode('Added to your cart. '))
      note.appendChild(el('a', { href: options.bookingURL || '/booking', 'class': 'link-arrow' }, ['Go to booking']))
    })
    var o = options
    gadget.cart.addToCartTrigger({
      vcId: o.vcId, operatorId: o.operatorId, operatorName: o.operatorName, type: o.type, productId: o.productId,
      productName: o.productName, cost: o.cost, adults: o.adults, children: o.children, infants: 0, observers: 0,
      period: o.period, students: 0, date: o.date,
    })
  }

  /** The search and region widgets: the fields in a row, then what is free on that date. */
  function finder(selector, name, o, title) {
    var kind = kindOf(o)
    var type = KINDS[o && o.type] ? o.type : 'accom'
    var when = field(kind.date, { date: true, value: dmy(dateOf(o && o.defaultDate) || tomorrow()) })
    var nights = kind.nights ? select(type === 'carhire' ? 'Days' : 'Nights', [1, 2, 3, 4, 5, 6, 7, 10, 14], 2) : null
    var adults = select('Adults', [1, 2, 3, 4, 5, 6, 7, 8], 2)
    var children = select('Children', [0, 1, 2, 3, 4, 5, 6], 0)
    // A real submit button: the fields and the button are one form (Enter in a field searches too).
    var search = el('button', { type: 'submit', 'class': BUTTON }, ['Search'])
    var results = el('div', { 'class': 'flex flex-col gap-3', 'aria-live': 'polite' })
    var box = mount(selector, name, [
      heading(title),
      el('form', { 'class': 'flex flex-col gap-4', 'data-be-form': '', novalidate: '' }, [
        row([when.node, nights ? nights.node : null, adults.node, children.node].filter(Boolean)),
        el('div', {}, [search]),
      ]),
      results,
    ])
    box.querySelector('form').addEventListener('submit', function (event) { event.preventDefault(); run() })
    function run() {
      var d = when.date()
      results.textContent = ''
      if (!d) return
      var period = nights ? Number(nights.input.value) : 1
      var pax = { adults: Number(adults.input.value), children: Number(children.input.value) }
      results.appendChild(el('p', { 'class': 'text-sm font-semibold text-ink-soft' }, [kind.results.length + ' available from ' + dmy(d)]))
      var list = el('ul', { 'class': 'divide-y divide-ink/10 rounded-md border border-ink/15' })
      kind.results.forEach(function (r, i) {
        var add = button('Add to cart', SMALL_BUTTON)
        var item = el('li', { 'class': 'flex flex-wrap items-center justify-between gap-3 p-4' }, [
          el('div', { 'class': 'flex flex-col' }, [el('span', { 'class': 'font-semibold text-ink' }, [r[0]]), el('span', { 'class': 'text-sm text-ink-soft' }, [r[1]])]),
          el('div', { 'class': 'flex items-center gap-4' }, [el('span', { 'class': 'font-semibold text-red-darkest' }, ['A$ ' + r[2] + ' ' + kind.unit]), add]),
        ])
        add.addEventListener('click', function () {
          var operatorId = OPERATOR_BASE[type] + i
          book(item, {
            vcId: o.vcID, operatorId: operatorId, operatorName: r[0], type: type, productId: operatorId * 10 + 1, productName: r[0],
            cost: r[2] * period, adults: pax.adults, children: pax.children, period: period, date: iso(d), bookingURL: o.bookingURL,
          })
        })
        list.appendChild(item)
      })
      results.appendChild(list)
    }
  }

  var gadget = {
    init: function (options) { window.BE.options = options },
    cart: function (selector, o) {
      mount(selector, 'cart', [heading('Your cart')])
    },
    details: function (selector, o) {
      var kind = kindOf(o)
      var type = KINDS[o.type] ? o.type : 'accom'
      var when = field(kind.date, { date: true, value: dmy(dateOf(o.defaultDate) || tomorrow()) })
      var adults = select('Adults', [1, 2, 3, 4, 5, 6, 7, 8], 2)
      var children = select('Children', [0, 1, 2, 3, 4, 5, 6], 0)
      var add = button('Add to cart')
      var box = mount(selector, 'details', [
        heading('Availability for product ' + o.productID),
        row([when.node, adults.node, children.node]),
        el('div', {}, [add]),
      ])
      add.addEventListener('click', function () {
        var d = when.date()
        if (!d) return
        book(box, {
          vcId: o.vcID, operatorId: Number(o.productID), operatorName: tradingName(o.productID), type: type,
          productId: Number(o.productID) * 10 + 1, productName: type === 'accom' ? 'Room 1' : 'Booking 1', cost: 120,
          adults: Number(adults.input.value), children: Number(children.input.value), period: 1, date: iso(d), bookingURL: o.bookingURL,
        })
      })
    },
    giftVouchers: function (selector, o) {
      var amounts = [50, 100, 150, 250]
      var name = 'fake-be-voucher-' + (count + 1)
      var choices = el('fieldset', { 'class': 'flex flex-col gap-3' }, [
        el('legend', { 'class': 'mb-2 text-sm font-semibold text-ink' }, ['Amount']),
        el('div', { 'class': 'flex flex-wrap gap-2' }, amounts.map(function (a, i) {
          var input = el('input', { type: 'radio', name: name, value: String(a), 'class': 'h-4 w-4 accent-red-darker' })
          if (i === 1) input.setAttribute('checked', '')
          return el('label', { 'class': 'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-ink/25 bg-white px-4 text-sm font-medium has-[:checked]:border-red has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-red-lighter' }, [input, 'A$ ' + a])
        })),
      ])
      var to = field('Recipient’s name', { autocomplete: 'off' })
      var buy = button('Buy voucher')
      var note = el('p', { role: 'status', 'class': 'text-sm' })
      mount(selector, 'giftVouchers', [heading('Gift vouchers'), choices, el('div', { 'class': 'max-w-md' }, [to.node]), el('div', {}, [buy]), note])
      buy.addEventListener('click', function () {
        note.textContent = 'This is the demo’s stand-in for the provider’s voucher shop: no voucher is sold.'
      })
    },
    search: function (selector, o) {
      finder(selector, 'search', o, kindOf(o).search)
    },
    region: function (selector, o) {
      finder(selector, 'region', o, kindOf(o).region)
    },
    book: function (selector, o) {
      var name = field('Name on booking', { autocomplete: 'name', name: 'name' })
      var email = field('Email', { autocomplete: 'email', type: 'email', name: 'email' })
      var phone = field('Phone', { autocomplete: 'tel', type: 'tel', name: 'phone' })
      var pay = button('Book now')
      var note = el('p', { role: 'status', 'class': 'text-sm' })
      mount(selector, 'book', [
        heading('Checkout'),
        el('div', { 'class': 'grid gap-4 sm:grid-cols-2' }, [name.node, email.node, phone.node]),
        el('div', {}, [pay]),
        note,
      ])
      pay.addEventListener('click', function () {
        // Each empty field is marked and named, the first one focused; then the demo says what it is.
        var missing = [[name, 'Name on booking'], [email, 'Email'], [phone, 'Phone']].filter(function (f) {
          var empty = !f[0].input.value.trim()
          if (empty) f[0].input.setAttribute('aria-invalid', 'true')
          else f[0].input.removeAttribute('aria-invalid')
          return empty
        })
        if (missing.length) {
          note.className = 'text-sm font-semibold text-red'
          note.textContent = 'Please fill in: ' + missing.map(function (f) { return f[1] }).join(', ') + '.'
          missing[0][0].input.focus()
          return
        }
        note.className = 'text-sm'
        note.textContent = 'This is the demo’s stand-in for the provider’s checkout: no booking is made and nothing is charged.'
      })
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
