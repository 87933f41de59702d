import type { Services } from '../services/index.ts'

/** The demo pictures, by name; generated at seed time (no machine here can download any). */
export const demoImageNames = [
  'vineyard-hills',
  'cellar-door',
  'long-table',
  'balloon-sunrise',
  'town-main-street',
  'wine-glass',
  'olive-grove',
  'farmers-market',
  'cottage-stay',
  'cycling-trail',
  'lookout',
  'barrel-room',
] as const
export type DemoImageName = (typeof demoImageNames)[number]
export type DemoImages = Record<DemoImageName, string>

export async function generateDemoImages(_services: Services): Promise<DemoImages> {
  return Object.fromEntries(demoImageNames.map((n) => [n, `demo-${n}`])) as DemoImages
}
