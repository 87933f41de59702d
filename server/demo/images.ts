import sharp from 'sharp'
import type { Services } from '../services/index.ts'
import { sceneSvg } from './scenes.ts'

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

export const demoAlt: Record<DemoImageName, string> = {
  'vineyard-hills': 'Vine rows rolling over golden hills at sunset',
  'cellar-door': 'A sandstone cellar door with a red veranda among the vines',
  'long-table': 'A long lunch table set with wine glasses under festoon lights',
  'balloon-sunrise': 'Hot-air balloons rising over misty vineyards at sunrise',
  'town-main-street': 'A country main street with verandas and a church spire',
  'wine-glass': 'A glass of red wine beside a bottle, cheese and grapes',
  'olive-grove': 'Rows of silver-green olive trees in golden grass',
  'farmers-market': 'Farmers market stalls with striped awnings and fresh produce',
  'cottage-stay': 'A stone cottage with a veranda and a flowering garden at dusk',
  'cycling-trail': 'Cyclists on a trail winding between gum trees and vineyards',
  lookout: 'A lookout with a bench over a patchwork valley at sunset',
  'barrel-room': 'Oak barrels stacked in a vaulted cellar lit by warm lamps',
}

export const demoImageId = (name: DemoImageName) => `demo-${name}`

/** Rasterises one scene to the JPEG that is stored as the image's original. */
export async function renderDemoImage(name: DemoImageName): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(name)))
    .jpeg({ quality: 82 })
    .toBuffer()
}

// Within one process (tests seed many databases) each picture is drawn once.
const rendered = new Map<DemoImageName, Promise<Buffer>>()

/**
 * Makes sure every demo picture exists, under a stable id (`demo-<name>`). Pictures already stored
 * are left alone, so seeding again is quick and creates nothing.
 */
export async function generateDemoImages(services: Services): Promise<DemoImages> {
  const ids = Object.fromEntries(demoImageNames.map((name) => [name, demoImageId(name)])) as DemoImages
  const missing: DemoImageName[] = []
  for (const name of demoImageNames) if (!(await services.images.get(ids[name]))) missing.push(name)
  // Two at a time: librsvg and the JPEG encoder each keep a core busy on these 2-core machines.
  const queue = [...missing]
  const worker = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      let job = rendered.get(name)
      if (!job) {
        job = renderDemoImage(name)
        rendered.set(name, job)
        job.catch(() => rendered.delete(name))
      }
      await services.images.save({ bytes: await job, filename: `${name}.jpg`, alt: demoAlt[name], id: ids[name] })
    }
  }
  await Promise.all([worker(), worker()])
  return ids
}
