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
  'tests/e2e/schedule-and-presence.test.ts': 145,
  'tests/e2e/content-lifecycle.test.ts': 138,
  'tests/e2e/listings.test.ts': 88,
  // The 294 s accessibility file, split by language (185 pages in the sitemaps, about 1.35 s a
  // page there): the English pages with the page and keyboard checks (about 40 s), German, Chinese.
  'tests/e2e/accessibility.test.ts': 130,
  // Their listings sampled (every third) since: about 40 % of the 109 and 79 s they took.
  'tests/e2e/accessibility-de.test.ts': 45,
  'tests/e2e/accessibility-zh.test.ts': 35,
}

/**
 * The other files' measured seconds over their sizes in that run: 1,214 s for 578 kB. A rough
 * guess, but it keeps Vitest's order among them (larger first) and places them among the rows.
 */
export const secondsPerKilobyte = 2
