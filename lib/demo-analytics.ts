/**
 * The demo's analytics id (issue 19 point 4): clearly not a real measurement id. The demo seeds it
 * so a newcomer sees the consent banner; after 'Accept' the site loads its own no-op stand-in
 * (public/demo-analytics.js) in place of the analytics provider's script, so the demo never makes
 * a request to anyone else, on any deployment.
 */
export const DEMO_ANALYTICS_ID = 'G-DEMO000000'

/** The stand-in loaded for DEMO_ANALYTICS_ID, from the site itself. */
export const DEMO_ANALYTICS_SCRIPT = '/demo-analytics.js'
