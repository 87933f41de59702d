/**
 * React Router's default browser entry, plus one step: load the views of the blocks the server
 * rendered (and the page's language's site texts) before hydrating, so hydration finds them (visitors only fetch the views they need).
 * Static blocks keep their server markup (blocks/RenderBlocks.tsx): their views are not fetched.
 */
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { loadViews } from '#blocks/view-cache'
import { staticViewTypes } from '#blocks/view-loaders.generated'
import { config as zodConfig } from 'zod/v4/core'
import { loadSiteTexts } from '#lib/site-texts/index'

// The page's Content-Security-Policy allows no eval (docs/decisions/027): zod, which the editor's and
// the forms' checks use, would otherwise try `new Function` once to see whether it may compile its
// checks, and the browser reports each try as a violation.
zodConfig({ jitless: true })

// Another language than English: its Intl data loaded off the main thread while the views load,
// before hydration formats with it (app/intl/warm-intl.worker.ts). English formats without Intl.
const lang = document.documentElement.lang
if (lang && !lang.startsWith('en')) {
  try {
    new Worker(new URL('./intl/warm-intl.worker.ts', import.meta.url), { type: 'module' }).postMessage(lang)
  } catch {
    // No worker (an old browser, a policy): the page makes its formats itself, as before.
  }
}

const onPage = [...document.querySelectorAll<HTMLElement>('[data-block]')]
  .map((element) => element.dataset.block ?? '')
  .filter((type) => !staticViewTypes.has(type))

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    )
  })
}

// The page's site texts (issue 33 point 8): English is in this bundle; another language is its own
// chunk, fetched with the views, so the server's words are there when hydration compares them.
// A view that fails to load is fetched again when rendered; hydrate regardless.
Promise.all([loadViews(onPage), loadSiteTexts(document.documentElement.lang)]).then(hydrate, hydrate)
