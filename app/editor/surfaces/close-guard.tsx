import { createContext, useContext, useEffect } from 'react'

/**
 * Modal panels that hold their own form (Site Settings, Config Settings) report unsaved changes
 * here, so closing the modal asks first instead of dropping them silently.
 */
export const CloseGuardContext = createContext<((dirty: boolean) => void) | null>(null)

export function useCloseGuard(dirty: boolean) {
  const report = useContext(CloseGuardContext)
  useEffect(() => {
    if (!report) return
    report(dirty)
    return () => report(false)
  }, [report, dirty])
}
