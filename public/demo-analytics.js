/*
 * The demo's stand-in for the analytics script (lib/demo-analytics.ts): loaded after the visitor
 * accepts the consent banner when the site's analytics id is the demo's G-DEMO000000. It records
 * nothing and sends nothing: it only marks that it ran, so the demo can show where a real
 * provider's script would load.
 */
window.demoAnalytics = { loaded: true, at: new Date().toISOString() }
