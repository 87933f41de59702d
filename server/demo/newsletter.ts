/**
 * The demo's stand-in for a newsletter form service (issue 31): the demo's NewsletterForm posts
 * here instead of to a made-up address that does not resolve. Nothing is sent or kept; the answer
 * says it is the demo, as JSON to the block's script and as a small page without JavaScript.
 */
import { Hono } from 'hono'
import { blockTexts } from '#lib/texts'

export const DEMO_NEWSLETTER_PATH = '/demo/newsletter'

export function demoNewsletter() {
  const app = new Hono()
  app.post('/', (c) => {
    c.header('Cache-Control', 'no-store')
    if ((c.req.header('accept') ?? '').includes('application/json')) return c.json({ demo: true, message: blockTexts.newsletter.demo })
    const back = '/all-blocks'
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Newsletter (demo)</title></head><body><main><h1>Newsletter (demo)</h1><p>${blockTexts.newsletter.demo}</p><p><a href="${back}">Back</a></p></main></body></html>`,
    )
  })
  return app
}
