/**
 * Hydration after the first screen (issue 16): the page is rendered on the server and works
 * before its scripts run (links, forms, the filters' panel), so on a phone the hero picture is not
 * made to share the connection with the scripts. The server (app/document/script-priority.ts) takes
 * React Router's module preloads out of the page and turns its module script into a data block
 * naming them; this loader, inline at the end of the body, starts them (a few per task) when the
 * page's priority pictures (`fetchpriority="high"`: the hero, the first cards) have arrived and
 * the page has been shown, at the visitor's first touch, key or focus, or after MAX_WAIT_MS at the
 * latest.
 */
import { CONSENT_KEY, CONSENT_MAX_AGE_S } from '~/consent/consent'

export const DEFERRED_MODULE_TYPE = 'text/x-deferred-module'
const MAX_WAIT_MS = 4000
/** Module preloads started per task (see below). */
const PRELOADS_PER_TASK = 2

/**
 * The loader, as the browser runs it (a string, not a compiled function: the server and browser
 * builds may wrap functions with helpers of their own, which a function's source would then name).
 */
export const HYDRATION_LOADER = `(function () {
  // The consent banner (app/consent/ConsentBanner.tsx) is in every page, hidden: shown here when no
  // choice is stored, so a first visit sees it from the first paint rather than after the scripts
  // (it was a late largest paint on a phone: 3.6 s on /de/whats-on, where its text is longest).
  // A choice made before the scripts have run is stored as they would store it.
  var banner = document.querySelector('[data-consent-banner][hidden]')
  if (banner && !storedConsent()) {
    banner.hidden = false
    addEventListener('click', chooseEarly, true)
  }
  function storedConsent() {
    try {
      var stored = localStorage.getItem('${CONSENT_KEY}')
      if (stored === 'accepted' || stored === 'declined') return stored
    } catch (e) {}
    var match = /(?:^|;\\s*)${CONSENT_KEY}=(accepted|declined)(?:;|$)/.exec(document.cookie)
    return match && match[1]
  }
  function chooseEarly(event) {
    // Once the page's scripts run, the banner's own buttons answer.
    if (document.documentElement.dataset.hydrated) return removeEventListener('click', chooseEarly, true)
    var button = event.target.closest && event.target.closest('[data-consent-choice]')
    if (!button || !banner.contains(button)) return
    // Not React's too: a click while it hydrates would be replayed to the banner.
    event.stopPropagation()
    removeEventListener('click', chooseEarly, true)
    var choice = button.getAttribute('data-consent-choice')
    try { localStorage.setItem('${CONSENT_KEY}', choice) } catch (e) {}
    document.cookie = '${CONSENT_KEY}=' + choice + '; Max-Age=${CONSENT_MAX_AGE_S}; Path=/; SameSite=Lax' + (location.protocol === 'https:' ? '; Secure' : '')
    banner.hidden = true
    // The third parties' hosts are in a page's policy only when asked for with consent given.
    if (choice === 'accepted' && banner.hasAttribute('data-reload-on-accept')) return location.reload()
    var main = document.getElementById('main')
    if (main) main.focus({ preventScroll: true })
  }
  var started = false
  // The module script made below runs under the page's Content-Security-Policy: by this script's
  // nonce on a fresh answer, by its hash on a cached one (server/content-security-policy.ts).
  var nonce = document.currentScript && document.currentScript.nonce
  function start() {
    if (started) return
    started = true
    var block = document.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]')
    if (!block) return
    var hrefs = (block.getAttribute('data-modules') || '').split(' ').filter(Boolean)
    // A few preloads per task: each is a request the browser sets up on the main thread, and the
    // page's ~30 in one task held a phone's main thread for over 50 ms (a long task). The
    // scheduler hands over between them where there is one (nested timeouts wait 4 ms each); not a
    // MessageChannel: creating the first one took 20 ms of a cold page's main thread in a trace.
    var post = window.scheduler && scheduler.postTask
      ? function (task) { scheduler.postTask(task) }
      : function (task) { setTimeout(task, 0) }
    function next() {
      hrefs.splice(0, ${PRELOADS_PER_TASK}).forEach(function (href) {
        var link = document.createElement('link')
        link.rel = 'modulepreload'
        link.href = href
        document.head.appendChild(link)
      })
      if (hrefs.length) return post(next)
      var script = document.createElement('script')
      script.type = 'module'
      if (nonce) script.nonce = nonce
      script.textContent = block.textContent
      document.head.appendChild(script)
    }
    next()
  }
  // After the page has been shown: requestAnimationFrame alone runs before a frame is drawn, and the
  // screen can show it tens of milliseconds later; the browser reports the first contentful paint
  // once it is on screen.
  function afterPaint() {
    whenPainted(function () {
      requestAnimationFrame(function () { setTimeout(start, 0) })
    })
  }
  function whenPainted(then) {
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || []
    if (types.indexOf('paint') < 0 || performance.getEntriesByName('first-contentful-paint').length) return then()
    var observer = new PerformanceObserver(function (list) {
      if (!list.getEntriesByName('first-contentful-paint').length) return
      observer.disconnect()
      then()
    })
    observer.observe({ type: 'paint', buffered: true })
  }
  ;['pointerdown', 'keydown', 'touchstart', 'focusin'].forEach(function (type) {
    addEventListener(type, start, { capture: true, once: true, passive: true })
  })
  setTimeout(start, ${MAX_WAIT_MS})
  var pending = [].filter.call(document.querySelectorAll('img[fetchpriority="high"]'), function (img) { return !img.complete })
  if (!pending.length) return afterPaint()
  var left = pending.length
  function done() { if (--left === 0) afterPaint() }
  pending.forEach(function (img) {
    img.addEventListener('load', done, { once: true })
    img.addEventListener('error', done, { once: true })
  })
})()`
