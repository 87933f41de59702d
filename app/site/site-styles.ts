import { createContext, useContext } from 'react'

/**
 * The visitor's stylesheet (app/app.css), inlined in every page's head instead of linked: the first
 * paint waits for no stylesheet request (issue 16 point 3). The server entry provides the CSS text;
 * in the browser the text is read back from the page's own <style>, so hydration finds the same
 * element and content, and a client-side render (a recovered hydration error) keeps the styles.
 */
export const SiteStylesContext = createContext<string | null>(null)

/** The id of the inlined <style> element. */
export const SITE_STYLES_ID = 'site-styles'

let fromPage: string | undefined

/** The stylesheet's text: the server's, or in the browser the one the server inlined in the page. */
export function useSiteStyles(): string {
  const provided = useContext(SiteStylesContext)
  if (provided !== null) return provided
  if (typeof document === 'undefined') return ''
  fromPage ??= document.getElementById(SITE_STYLES_ID)?.textContent ?? ''
  return fromPage
}
