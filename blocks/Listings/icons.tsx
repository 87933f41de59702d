/** The few icons the listing views need beyond ~/ui/icons (decorative: the text beside them names the thing). */
const base = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.75,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: 'false',
  'aria-hidden': true,
} as const

export function CalendarIcon({ size = 20, className }: { size?: number; className?: string }) {
  return (
    <svg {...base} width={size} height={size} className={className}>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </svg>
  )
}

export function FilterIcon({ size = 20, className }: { size?: number; className?: string }) {
  return (
    <svg {...base} width={size} height={size} className={className}>
      <path d="M4 6h16M7 12h10M10 18h4" />
    </svg>
  )
}

export function DownloadIcon({ size = 20, className }: { size?: number; className?: string }) {
  return (
    <svg {...base} width={size} height={size} className={className}>
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </svg>
  )
}

/** A spinner for 'Load More' and the PDF modal; still for people who prefer reduced motion. */
export function Spinner({ size = 20, className }: { size?: number; className?: string }) {
  return (
    <svg {...base} width={size} height={size} className={`motion-safe:animate-spin ${className ?? ''}`}>
      <path d="M12 3a9 9 0 1 1-9 9" />
    </svg>
  )
}
