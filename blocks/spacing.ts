/**
 * Block spacing (spec 01 §9): a scale 0..6 -> 0, 4, 8, 16, 32, 48, 64 px at three breakpoints:
 * base, sm (>= 1024 px, Tailwind `lg:`) and lg (>= 1280 px, Tailwind `xl:`). The classes are written
 * out in full so Tailwind finds them when it scans the source; they are static, so nothing shifts.
 */
import type { Spacing } from '#lib/content'

type Side = keyof Spacing
type Breakpoint = 'base' | 'sm' | 'lg'
type Scale = readonly [string, string, string, string, string, string, string]

export const SPACING_PX = [0, 4, 8, 16, 32, 48, 64] as const

const classes: Record<Side, Record<Breakpoint, Scale>> = {
  marginTop: {
    base: ['mt-0', 'mt-1', 'mt-2', 'mt-4', 'mt-8', 'mt-12', 'mt-16'],
    sm: ['lg:mt-0', 'lg:mt-1', 'lg:mt-2', 'lg:mt-4', 'lg:mt-8', 'lg:mt-12', 'lg:mt-16'],
    lg: ['xl:mt-0', 'xl:mt-1', 'xl:mt-2', 'xl:mt-4', 'xl:mt-8', 'xl:mt-12', 'xl:mt-16'],
  },
  marginBottom: {
    base: ['mb-0', 'mb-1', 'mb-2', 'mb-4', 'mb-8', 'mb-12', 'mb-16'],
    sm: ['lg:mb-0', 'lg:mb-1', 'lg:mb-2', 'lg:mb-4', 'lg:mb-8', 'lg:mb-12', 'lg:mb-16'],
    lg: ['xl:mb-0', 'xl:mb-1', 'xl:mb-2', 'xl:mb-4', 'xl:mb-8', 'xl:mb-12', 'xl:mb-16'],
  },
  paddingTop: {
    base: ['pt-0', 'pt-1', 'pt-2', 'pt-4', 'pt-8', 'pt-12', 'pt-16'],
    sm: ['lg:pt-0', 'lg:pt-1', 'lg:pt-2', 'lg:pt-4', 'lg:pt-8', 'lg:pt-12', 'lg:pt-16'],
    lg: ['xl:pt-0', 'xl:pt-1', 'xl:pt-2', 'xl:pt-4', 'xl:pt-8', 'xl:pt-12', 'xl:pt-16'],
  },
  paddingBottom: {
    base: ['pb-0', 'pb-1', 'pb-2', 'pb-4', 'pb-8', 'pb-12', 'pb-16'],
    sm: ['lg:pb-0', 'lg:pb-1', 'lg:pb-2', 'lg:pb-4', 'lg:pb-8', 'lg:pb-12', 'lg:pb-16'],
    lg: ['xl:pb-0', 'xl:pb-1', 'xl:pb-2', 'xl:pb-4', 'xl:pb-8', 'xl:pb-12', 'xl:pb-16'],
  },
}

/** Spec defaults (base, sm, lg): margin top 2, 2, 3; everything else 0. */
export const DEFAULT_SPACING: Required<Spacing> = {
  marginTop: { base: 2, sm: 2, lg: 3 },
  marginBottom: { base: 0, sm: 0, lg: 0 },
  paddingTop: { base: 0, sm: 0, lg: 0 },
  paddingBottom: { base: 0, sm: 0, lg: 0 },
}

const clamp = (n: number) => Math.min(6, Math.max(0, Math.round(n)))

/** The class list for a block's spacing; a side left out uses the spec default. */
export function spacingClasses(spacing: Spacing | undefined): string {
  const out: string[] = []
  for (const side of Object.keys(classes) as Side[]) {
    const value = spacing?.[side] ?? DEFAULT_SPACING[side]
    for (const bp of ['base', 'sm', 'lg'] as const) out.push(classes[side][bp][clamp(value[bp])]!)
  }
  return out.join(' ')
}
