/**
 * How long the slow e2e files take, in seconds, so the sequencer (tests/helpers/sequencer.ts) can
 * start them first: two lanes then end together instead of one finishing a long file alone. A
 * clean clone has no duration cache of Vitest's own, and its fallback (larger files first) put the
 * 7 kB accessibility file, the slowest, among the last to start.
 *
 * From the clean-clone CI run's JSON report (test-results/ci/vitest-all.json, endTime - startTime
 * per file) unless noted. Files not listed are estimated from their size (secondsPerKilobyte).
 * Update a row when a file gets much slower or faster; rows are only an order, not a bound.
 */
export const e2eSeconds: Record<string, number> = {
  // The eight longest of the clean-clone run on 00143da (2,465 s in all, both cores busy throughout).
  'tests/e2e/content-lifecycle.test.ts': 227,
  // The English pages of the sitemaps (every listing) with the page and keyboard checks.
  'tests/e2e/accessibility.test.ts': 204,
  'tests/e2e/listings.test.ts': 163,
  'tests/e2e/schedule-and-presence.test.ts': 145,
  'tests/e2e/editor-shell.test.ts': 125,
  'tests/e2e/editor-firefox.test.ts': 97,
  'tests/e2e/editor-panels-firefox.test.ts': 95,
  'tests/e2e/team.test.ts': 86,
  'tests/e2e/editor-smaller.test.ts': 86,
  // German and Chinese, their listings sampled (every third).
  'tests/e2e/accessibility-de.test.ts': 45,
  'tests/e2e/accessibility-zh.test.ts': 35,
}

/**
 * The other files' measured seconds over their sizes in that run: 1,214 s for 578 kB. A rough
 * guess, but it keeps Vitest's order among them (larger first) and places them among the rows.
 */
export const secondsPerKilobyte = 2
