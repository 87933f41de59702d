import { createContext, useContext } from 'react'

/**
 * The answer's Content-Security-Policy nonce (server/content-security-policy.ts), for the inline
 * scripts the document writes: set by the server entry, absent in the browser (which hides a
 * nonce from the page once it has checked it, so hydration compares nothing).
 */
export const NonceContext = createContext<string | undefined>(undefined)

export const useNonce = () => useContext(NonceContext)
