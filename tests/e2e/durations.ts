/**
 * How long the slow e2e files take, in seconds, so the sequencer (tests/helpers/sequencer.ts) can
 * start them first: the lanes then end together instead of one finishing a long file alone. A
 * clean clone has no duration cache of Vitest's own, and its fallback (larger files first) put the
 * 7 kB accessibility file, the slowest, among the last to start.
 *
 * From the clean-clone CI run's JSON report (test-results/ci/vitest-all.json, endTime - startTime
 * per file) unless noted. Files not listed are estimated from their size (secondsPerKilobyte).
 * Update a row when a file gets much slower or faster; rows are only an order, not a bound.
 */
export const e2eSeconds: Record<string, number> = {
  // The files of 20 s or more in the clean-clone run on 507b4cd (three lanes: 1,828 s in all).
  'tests/e2e/content-lifecycle.test.ts': 136,
  'tests/e2e/accessibility.test.ts': 93,
  'tests/e2e/schedule-and-presence.test.ts': 89,
  'tests/e2e/listings.test.ts': 84,
  'tests/e2e/crawl.test.ts': 68,
  'tests/e2e/block-library-editing.test.ts': 59,
  'tests/e2e/editor-panels-firefox.test.ts': 57,
  'tests/e2e/editor-smaller.test.ts': 55,
  'tests/e2e/trip-firefox.test.ts': 50,
  'tests/e2e/editor-firefox.test.ts': 49,
  'tests/e2e/editor-shell.test.ts': 48,
  'tests/e2e/translate-in-place.test.ts': 41,
  'tests/e2e/team.test.ts': 39,
  'tests/e2e/autosave.test.ts': 38,
  'tests/e2e/booking.test.ts': 35,
  'tests/e2e/consent-focus.test.ts': 33,
  'tests/e2e/concierge.test.ts': 33,
  'tests/e2e/media-library.test.ts': 32,
  'tests/e2e/stories.test.ts': 32,
  'tests/e2e/all-blocks.test.ts': 31,
  'tests/e2e/editor-axe-keyboard.test.ts': 30,
  'tests/e2e/listings-demo.test.ts': 28,
  'tests/e2e/merge.test.ts': 27,
  'tests/e2e/accessibility-zh.test.ts': 26,
  'tests/e2e/accessibility-de.test.ts': 26,
  'tests/e2e/content-security-policy.test.ts': 23,
  'tests/e2e/demo-complete.test.ts': 22,
  'tests/e2e/one-owner.test.ts': 22,
  'tests/e2e/map-and-favourites.test.ts': 22,
}

/**
 * The other files' measured seconds over their sizes in that run: 509 s for 383 kB. A rough guess,
 * but it keeps Vitest's order among them (larger first) and places them among the rows.
 */
export const secondsPerKilobyte = 1.33
