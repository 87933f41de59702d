import { Hono } from 'hono'
import { html, raw } from 'hono/html'
import { escapeHtml } from '#lib/html'
import type { Services } from './services/index.ts'

/**
 * Development only: the mail outbox as a page, so a developer without a mail server can follow a
 * password reset link. Never mounted in production.
 */
export function createDevOutbox(services: Services) {
  const app = new Hono()
  app.get('/', async (c) => {
    const messages = await services.mailer.recent(50)
    const linkify = (text: string) => escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
    return c.html(
      html`<!doctype html>
        <html lang="en">
          <head>
            <meta charset="utf-8" />
            <title>Mail outbox (development)</title>
            <style>
              body {
                font:
                  15px/1.5 system-ui,
                  sans-serif;
                max-width: 60rem;
                margin: 2rem auto;
                padding: 0 1rem;
              }
              article {
                border: 1px solid #ddd;
                border-radius: 8px;
                padding: 1rem;
                margin: 1rem 0;
              }
              pre {
                white-space: pre-wrap;
              }
            </style>
          </head>
          <body>
            <h1>Mail outbox</h1>
            <p>Messages this server has sent or kept (set SMTP_URL to deliver them for real).</p>
            ${messages.length === 0 ? html`<p>No messages yet.</p>` : ''}
            ${messages.map(
              (m) =>
                html`<article>
                  <h2>${m.subject}</h2>
                  <p>To ${m.to} · ${m.createdAt.toISOString()} · ${m.status}</p>
                  <pre>${raw(linkify(m.text))}</pre>
                </article>`,
            )}
          </body>
        </html>`,
    )
  })
  return app
}
