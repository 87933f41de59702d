/**
 * Demo pictures drawn as SVG (flat, painterly illustrations in the site's warm palette) and
 * rasterised by sharp at seed time: no machine here can download photographs. Every scene is
 * varied by a generator seeded from its name, so the output is the same on every run.
 */

export const SCENE_WIDTH = 1920
export const SCENE_HEIGHT = 1080
const W = SCENE_WIDTH
const H = SCENE_HEIGHT

export const palette = {
  red: '#981A31',
  redDark: '#761218',
  pink: '#FCF9F9',
  blush: '#F2C9C2',
  gold: '#E8A94F',
  goldLight: '#F6CF83',
  ochre: '#C7893F',
  cream: '#F7E6C8',
  sand: '#E3C79B',
  stone: '#CDB28A',
  stoneDark: '#A88A64',
  sage: '#A3B58F',
  sageDark: '#7F9470',
  olive: '#5F6E45',
  vine: '#3F5130',
  vineDark: '#2C3A22',
  mauve: '#B79AAE',
  lilac: '#C9B3C4',
  wood: '#8A5A34',
  woodDark: '#5A3820',
  iron: '#8E9AA3',
  night: '#3B2A3A',
} as const

// ---------- seeded randomness ----------

export interface Rng {
  next(): number
  range(min: number, max: number): number
  int(min: number, max: number): number
  pick<T>(items: readonly T[]): T
}

/** mulberry32 seeded by an FNV-1a hash of the text: small, fast and repeatable. */
export function rng(seed: string): Rng {
  let h = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193)
  let a = h >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
  }
}

// ---------- drawing toolkit ----------

const n = (v: number) => (Math.round(v * 10) / 10).toString()
type Stop = readonly [offset: number, color: string, opacity?: number]
type Fn = (x: number) => number

class Svg {
  private defs: string[] = []
  private parts: string[] = []
  private count = 0
  constructor(readonly r: Rng) {}

  id(prefix: string) {
    return `${prefix}${this.count++}`
  }
  add(...s: string[]) {
    this.parts.push(...s)
  }
  def(s: string) {
    this.defs.push(s)
  }
  private stops(stops: readonly Stop[]) {
    return stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`).join('')
  }
  /** A vertical (by default) linear gradient in the shape's own box; returns url(#id). */
  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1) {
    const id = this.id('l')
    this.def(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${this.stops(stops)}</linearGradient>`)
    return `url(#${id})`
  }
  /** A radial gradient in picture coordinates (glows, lamps, the sun). */
  radial(stops: readonly Stop[], cx: number, cy: number, r: number, sy = 1) {
    const id = this.id('r')
    const t = sy === 1 ? '' : ` gradientTransform="translate(0 ${n(cy)}) scale(1 ${sy}) translate(0 ${n(-cy)})"`
    this.def(
      `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"${t}>${this.stops(stops)}</radialGradient>`,
    )
    return `url(#${id})`
  }
  clip(content: string) {
    const id = this.id('c')
    this.def(`<clipPath id="${id}">${content}</clipPath>`)
    return `url(#${id})`
  }
  blur(std: number) {
    const id = this.id('b')
    this.def(`<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${std}"/></filter>`)
    return `url(#${id})`
  }
  toString() {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${this.defs.join('')}</defs>${this.parts.join('')}</svg>`
  }
}

/** A rolling ridge line: a few sines with seeded phases and wavelengths. */
function ridge(r: Rng, base: number, amp: number, waves = 3): Fn {
  const comps = Array.from({ length: waves }, (_, i) => ({
    a: (amp / (i + 1)) * r.range(0.6, 1.2),
    k: ((Math.PI * 2) / W) * r.range(0.5, 1.4) * (i + 1),
    p: r.range(0, Math.PI * 2),
  }))
  return (x) => base + comps.reduce((s, c) => s + c.a * Math.sin(x * c.k + c.p), 0)
}

function line(fn: Fn, x0 = -20, x1 = W + 20, step = 16) {
  let d = ''
  for (let x = x0; x <= x1 + step; x += step) d += `${d ? 'L' : 'M'}${n(Math.min(x, x1))} ${n(fn(Math.min(x, x1)))}`
  return d
}

/** The area under a ridge line, down to the bottom of the picture. */
function area(fn: Fn, bottom = H + 10, x0 = -20, x1 = W + 20) {
  return `${line(fn, x0, x1)}L${x1} ${bottom}L${x0} ${bottom}Z`
}

function sky(s: Svg, stops: readonly Stop[], height = H) {
  s.add(`<rect width="${W}" height="${height}" fill="${s.linear(stops)}"/>`)
}

function sun(s: Svg, x: number, y: number, radius: number, core = '#FFF3D6', glow = '#FFD58A', glowSize = 7) {
  s.add(
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(radius * glowSize)}" fill="${s.radial(
      [
        [0, glow, 0.75],
        [0.35, glow, 0.25],
        [1, glow, 0],
      ],
      x,
      y,
      radius * glowSize,
    )}"/>`,
  )
  s.add(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(radius)}" fill="${core}"/>`)
}

function cloud(s: Svg, x: number, y: number, w: number, fill: string, opacity = 0.7) {
  const r = s.r
  let out = ''
  const puffs = r.int(4, 7)
  for (let i = 0; i < puffs; i++) {
    const px = x + (i / (puffs - 1) - 0.5) * w * 0.8
    const ph = w * r.range(0.08, 0.18) * (1 - Math.abs(i / (puffs - 1) - 0.5))
    out += `<ellipse cx="${n(px)}" cy="${n(y - ph * 0.5)}" rx="${n(w * r.range(0.12, 0.2))}" ry="${n(ph + w * 0.04)}"/>`
  }
  out += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(w / 2)}" ry="${n(w * 0.05)}"/>`
  s.add(`<g fill="${fill}" opacity="${opacity}">${out}</g>`)
}

function clouds(s: Svg, count: number, yMin: number, yMax: number, fill: string, opacity = 0.6) {
  for (let i = 0; i < count; i++) cloud(s, s.r.range(0, W), s.r.range(yMin, yMax), s.r.range(180, 420), fill, opacity * s.r.range(0.6, 1))
}

function birds(s: Svg, x: number, y: number, count: number, color = '#5A3A3A') {
  let d = ''
  for (let i = 0; i < count; i++) {
    const bx = x + s.r.range(-120, 120)
    const by = y + s.r.range(-50, 50)
    const w = s.r.range(7, 14)
    d += `M${n(bx - w)} ${n(by - w * 0.3)}Q${n(bx - w / 2)} ${n(by - w * 0.6)} ${n(bx)} ${n(by)}Q${n(bx + w / 2)} ${n(by - w * 0.6)} ${n(bx + w)} ${n(by - w * 0.3)}`
  }
  s.add(`<path d="${d}" fill="none" stroke="${color}" stroke-width="2.2" stroke-linecap="round" opacity="0.7"/>`)
}

/** A soft band of mist lying along a ridge. */
function mist(s: Svg, fn: Fn, thickness: number, color = '#FFF4E6', opacity = 0.7) {
  const fill = s.linear([
    [0, color, 0],
    [0.5, color, opacity],
    [1, color, 0],
  ])
  const top = line((x) => fn(x) - thickness * 0.6)
  const bottom = line((x) => fn(W - x) + thickness * 0.4)
  // The lower edge runs right to left so the band closes on itself.
  const reversed = bottom.replace(/([ML])(-?[\d.]+) /g, (_m, cmd: string, x: string) => `${cmd === 'M' ? 'L' : cmd}${n(W - Number(x))} `)
  s.add(`<path d="${top}${reversed}Z" fill="${fill}"/>`)
}

/** Vine rows following a hill's contour, clipped to the hill. */
function contourRows(s: Svg, fn: Fn, rows: number, depth: number, color: string, widthNear = 5, tilt = 0) {
  const clip = s.clip(`<path d="${area(fn)}"/>`)
  let d = ''
  for (let i = 1; i <= rows; i++) {
    const t = i / rows
    const off = depth * t * t + 6
    d += line((x) => fn(x) + off + tilt * (x - W / 2) * t, -20, W + 20, 24)
  }
  s.add(
    `<g clip-path="${clip}"><path d="${d}" fill="none" stroke="${color}" stroke-width="${widthNear}" stroke-linecap="round" stroke-dasharray="14 5" opacity="0.85"/></g>`,
  )
}

/**
 * Vine rows running away from the viewer towards a vanishing point: each row a wedge of foliage
 * with a lit face, leafy bumps along its top and a shadow beside it.
 */
function perspectiveRows(
  s: Svg,
  opts: { vx: number; vy: number; field: Fn; count: number; spread: number; leaf: string; lit: string; shade: string; reach?: number },
) {
  const { vx, vy, field, count, spread } = opts
  const clip = s.clip(`<path d="${area(field)}"/>`)
  const near = H + 60
  const reach = opts.reach ?? 0.985
  let shadows = ''
  let bodies = ''
  let lights = ''
  let bumps = ''
  for (let i = -count; i <= count; i++) {
    const bx = vx + i * spread
    const at = (t: number) => ({ x: bx + (vx - bx) * t, y: near + (vy - near) * t })
    const height = 95
    const width = 26
    const a = at(0)
    const far = at(reach)
    const side = bx < vx ? 1 : -1
    const scaleFar = 1 - reach
    shadows += `M${n(a.x)} ${n(a.y)}L${n(a.x + side * width * 2.2)} ${n(a.y)}L${n(far.x)} ${n(far.y)}Z`
    bodies += `M${n(a.x - width)} ${n(a.y)}L${n(a.x - width)} ${n(a.y - height)}L${n(far.x)} ${n(far.y - height * scaleFar)}L${n(far.x)} ${n(far.y)}L${n(a.x + width)} ${n(a.y)}Z`
    lights += `M${n(a.x - side * width)} ${n(a.y - height)}L${n(far.x)} ${n(far.y - height * scaleFar)}L${n(a.x - side * width * 0.2)} ${n(a.y - height * 0.45)}Z`
    for (let k = 0; k < 60; k++) {
      const t = 1 - Math.pow(1 - k / 60, 1.6)
      if (t > reach) break
      const p = at(t)
      const sc = 1 - t
      const r = (9 + s.r.range(0, 9)) * sc
      bumps += `<ellipse cx="${n(p.x + s.r.range(-width, width) * sc * 0.8)}" cy="${n(p.y - height * sc)}" rx="${n(Math.max(r * 1.3, 0.8))}" ry="${n(Math.max(r * 0.8, 0.6))}"/>`
    }
  }
  s.add(
    `<g clip-path="${clip}"><path d="${shadows}" fill="${opts.shade}" opacity="0.35"/><path d="${bodies}" fill="${opts.leaf}"/><path d="${lights}" fill="${opts.lit}" opacity="0.55"/><g fill="${opts.leaf}">${bumps}</g></g>`,
  )
}

/** A eucalypt: pale, leaning trunk, forked branches and clumpy canopy. */
function gumTree(
  s: Svg,
  x: number,
  base: number,
  size: number,
  tones: readonly string[] = ['#6E8158', '#8CA072', '#5A6B48'],
  trunk = '#E9DCC8',
) {
  const r = s.r
  const lean = r.range(-0.15, 0.15)
  const top = { x: x + lean * size, y: base - size * 0.62 }
  const tw = size * 0.045
  let branches = ''
  let canopy = ''
  const tips: { x: number; y: number }[] = []
  for (let i = 0; i < 4; i++) {
    const ang = -Math.PI / 2 + r.range(-1.0, 1.0)
    const len = size * r.range(0.22, 0.38)
    const from = { x: top.x + r.range(-tw, tw), y: top.y + r.range(0, size * 0.15) }
    const tip = { x: from.x + Math.cos(ang) * len, y: from.y + Math.sin(ang) * len }
    tips.push(tip)
    branches += `M${n(from.x - tw * 0.5)} ${n(from.y)}Q${n((from.x + tip.x) / 2 + r.range(-20, 20))} ${n((from.y + tip.y) / 2)} ${n(tip.x)} ${n(tip.y)}L${n(from.x + tw * 0.5)} ${n(from.y)}Z`
  }
  for (const tip of tips) {
    for (let k = 0; k < 9; k++) {
      const cr = size * r.range(0.045, 0.085)
      canopy += `<ellipse cx="${n(tip.x + r.range(-size * 0.14, size * 0.14))}" cy="${n(tip.y + r.range(-size * 0.07, size * 0.05))}" rx="${n(cr * 1.4)}" ry="${n(cr * 0.75)}" fill="${r.pick(tones)}"/>`
    }
  }
  const trunkPath = `M${n(x - tw)} ${n(base)}Q${n(x - tw * 0.6 + lean * size * 0.3)} ${n(base - size * 0.3)} ${n(top.x - tw * 0.5)} ${n(top.y)}L${n(top.x + tw * 0.5)} ${n(top.y)}Q${n(x + tw * 0.6 + lean * size * 0.3)} ${n(base - size * 0.3)} ${n(x + tw)} ${n(base)}Z`
  s.add(`<g><path d="${trunkPath}${branches}" fill="${trunk}"/>${canopy}</g>`)
}

function cypress(s: Svg, x: number, base: number, h: number, fill = '#3F4F33') {
  s.add(
    `<path d="M${n(x)} ${n(base - h)}Q${n(x + h * 0.2)} ${n(base - h * 0.45)} ${n(x + h * 0.1)} ${n(base)}L${n(x - h * 0.1)} ${n(base)}Q${n(x - h * 0.2)} ${n(base - h * 0.45)} ${n(x)} ${n(base - h)}Z" fill="${fill}"/>`,
  )
}

function oliveTree(s: Svg, x: number, base: number, size: number) {
  const r = s.r
  const tw = size * 0.07
  let canopy = ''
  for (let k = 0; k < 9; k++) {
    const cx = x + r.range(-size * 0.45, size * 0.45)
    const cy = base - size * 0.72 + r.range(-size * 0.22, size * 0.16)
    const cr = size * r.range(0.16, 0.26)
    canopy += `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(cr * 1.25)}" ry="${n(cr)}" fill="${r.pick(['#8A9A74', '#9FAE8A', '#7B8C66', '#B1BD9C'])}"/>`
  }
  const trunk = `M${n(x - tw)} ${n(base)}C${n(x - tw * 2)} ${n(base - size * 0.2)} ${n(x + tw)} ${n(base - size * 0.3)} ${n(x - tw * 0.3)} ${n(base - size * 0.55)}L${n(x + tw * 0.5)} ${n(base - size * 0.55)}C${n(x + tw * 2)} ${n(base - size * 0.3)} ${n(x - tw * 0.2)} ${n(base - size * 0.2)} ${n(x + tw * 1.2)} ${n(base)}Z`
  s.add(
    `<ellipse cx="${n(x + size * 0.15)}" cy="${n(base)}" rx="${n(size * 0.5)}" ry="${n(size * 0.07)}" fill="#6E5A32" opacity="0.3"/><path d="${trunk}" fill="#6B5844"/>${canopy}`,
  )
}

/** Random stones over a wall, clipped to it: a sandstone texture. */
function stones(s: Svg, x: number, y: number, w: number, h: number, base: string, tones: readonly string[], size = 26) {
  const clip = s.clip(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"/>`)
  let out = `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${base}"/>`
  for (let row = 0; row * size * 0.75 < h; row++) {
    let cx = x - s.r.range(0, size)
    while (cx < x + w) {
      const sw = size * s.r.range(0.8, 1.8)
      out += `<rect x="${n(cx + 2)}" y="${n(y + row * size * 0.75 + 2)}" width="${n(sw - 4)}" height="${n(size * 0.75 - 4)}" rx="${n(size * 0.2)}" fill="${s.r.pick(tones)}"/>`
      cx += sw
    }
  }
  s.add(`<g clip-path="${clip}">${out}</g>`)
}

/** Corrugated iron: a fill with thin vertical stripes. */
function corrugated(s: Svg, d: string, fill: string, stripe: string, x0: number, x1: number, y0: number, y1: number, gap = 10) {
  const clip = s.clip(`<path d="${d}"/>`)
  let lines = ''
  for (let x = x0; x < x1; x += gap) lines += `M${n(x)} ${n(y0)}L${n(x)} ${n(y1)}`
  s.add(`<path d="${d}" fill="${fill}"/><path d="${lines}" stroke="${stripe}" stroke-width="2" clip-path="${clip}" opacity="0.55"/>`)
}

function window(s: Svg, x: number, y: number, w: number, h: number, lit: boolean, frame = '#F4EBDD') {
  const glass = lit
    ? s.linear([
        [0, '#FFD98A'],
        [1, '#F0A64B'],
      ])
    : s.linear([
        [0, '#6F7E86'],
        [1, '#4B5860'],
      ])
  s.add(
    `<rect x="${n(x - 5)}" y="${n(y - 5)}" width="${n(w + 10)}" height="${n(h + 10)}" fill="${frame}"/><rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${glass}"/>` +
      `<path d="M${n(x + w / 2)} ${n(y)}V${n(y + h)}M${n(x)} ${n(y + h / 2)}H${n(x + w)}" stroke="${frame}" stroke-width="5"/>`,
  )
}

function grassTufts(s: Svg, fn: Fn, count: number, color: string, minY = 0, size = 1) {
  let d = ''
  for (let i = 0; i < count; i++) {
    const x = s.r.range(0, W)
    const y = Math.max(fn(x), minY) + s.r.range(4, 40) * size
    const h = s.r.range(10, 26) * size
    d += `M${n(x - 6 * size)} ${n(y)}Q${n(x - 3 * size)} ${n(y - h * 0.6)} ${n(x - 8 * size)} ${n(y - h)}M${n(x)} ${n(y)}Q${n(x + 1)} ${n(y - h * 0.7)} ${n(x + 2 * size)} ${n(y - h * 1.2)}M${n(x + 6 * size)} ${n(y)}Q${n(x + 4 * size)} ${n(y - h * 0.6)} ${n(x + 10 * size)} ${n(y - h * 0.9)}`
  }
  s.add(`<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(2.4 * size)}" stroke-linecap="round" opacity="0.6"/>`)
}

function wineGlass(s: Svg, x: number, base: number, h: number, wine: string | null, fill = 0.45) {
  const bw = h * 0.3
  const bowlTop = base - h
  const bowlBottom = base - h * 0.45
  const bowl = `M${n(x - bw * 0.85)} ${n(bowlTop)}C${n(x - bw * 1.05)} ${n(bowlTop + h * 0.3)} ${n(x - bw * 0.6)} ${n(bowlBottom)} ${n(x)} ${n(bowlBottom)}C${n(x + bw * 0.6)} ${n(bowlBottom)} ${n(x + bw * 1.05)} ${n(bowlTop + h * 0.3)} ${n(x + bw * 0.85)} ${n(bowlTop)}Z`
  let out = `<path d="${bowl}" fill="#FFFFFF" fill-opacity="0.22" stroke="#FFFFFF" stroke-opacity="0.75" stroke-width="${n(Math.max(1.5, h * 0.012))}"/>`
  if (wine) {
    const clip = s.clip(`<path d="${bowl}"/>`)
    const top = bowlTop + (bowlBottom - bowlTop) * (1 - fill)
    out += `<rect x="${n(x - bw * 1.2)}" y="${n(top)}" width="${n(bw * 2.4)}" height="${n(h)}" fill="${s.linear([
      [0, wine],
      [1, palette.redDark],
    ])}" clip-path="${clip}"/>`
    out += `<ellipse cx="${n(x)}" cy="${n(top)}" rx="${n(bw * 0.8)}" ry="${n(h * 0.02)}" fill="#C23A4E" clip-path="${clip}"/>`
  }
  out += `<path d="M${n(x - h * 0.012)} ${n(bowlBottom)}L${n(x - h * 0.012)} ${n(base - h * 0.02)}L${n(x + h * 0.012)} ${n(base - h * 0.02)}L${n(x + h * 0.012)} ${n(bowlBottom)}Z" fill="#FFFFFF" opacity="0.8"/>`
  out += `<ellipse cx="${n(x)}" cy="${n(base - h * 0.015)}" rx="${n(bw * 0.7)}" ry="${n(h * 0.03)}" fill="#FFFFFF" opacity="0.75"/>`
  out += `<path d="M${n(x - bw * 0.6)} ${n(bowlTop + h * 0.06)}Q${n(x - bw * 0.75)} ${n(bowlTop + h * 0.25)} ${n(x - bw * 0.4)} ${n(bowlBottom - h * 0.06)}" fill="none" stroke="#FFFFFF" stroke-width="${n(Math.max(1.5, h * 0.025))}" stroke-linecap="round" opacity="0.7"/>`
  s.add(`<g>${out}</g>`)
}

function bottle(s: Svg, x: number, base: number, h: number, glass = '#2E3B26', label = palette.cream) {
  const w = h * 0.13
  const shoulder = base - h * 0.62
  const d = `M${n(x - w)} ${n(base)}L${n(x - w)} ${n(shoulder)}C${n(x - w)} ${n(shoulder - h * 0.12)} ${n(x - w * 0.32)} ${n(shoulder - h * 0.14)} ${n(x - w * 0.32)} ${n(shoulder - h * 0.25)}L${n(x - w * 0.32)} ${n(base - h)}L${n(x + w * 0.32)} ${n(base - h)}L${n(x + w * 0.32)} ${n(shoulder - h * 0.25)}C${n(x + w * 0.32)} ${n(shoulder - h * 0.14)} ${n(x + w)} ${n(shoulder - h * 0.12)} ${n(x + w)} ${n(shoulder)}L${n(x + w)} ${n(base)}Z`
  s.add(
    `<path d="${d}" fill="${glass}"/><rect x="${n(x - w * 0.33)}" y="${n(base - h)}" width="${n(w * 0.66)}" height="${n(h * 0.1)}" fill="${palette.redDark}"/>` +
      `<rect x="${n(x - w)}" y="${n(base - h * 0.45)}" width="${n(w * 2)}" height="${n(h * 0.28)}" fill="${label}"/><rect x="${n(x - w * 0.6)}" y="${n(base - h * 0.36)}" width="${n(w * 1.2)}" height="${n(h * 0.03)}" fill="${palette.red}"/>` +
      `<path d="M${n(x - w * 0.65)} ${n(shoulder + h * 0.02)}L${n(x - w * 0.65)} ${n(base - h * 0.05)}" stroke="#FFFFFF" stroke-width="${n(w * 0.16)}" stroke-linecap="round" opacity="0.25"/>`,
  )
}

/** A string of festoon lights hanging between two points. */
function festoon(s: Svg, x0: number, y0: number, x1: number, y1: number, sag: number, bulbs: number, size = 1) {
  const mx = (x0 + x1) / 2
  const my = (y0 + y1) / 2 + sag
  const at = (t: number) => ({
    x: (1 - t) ** 2 * x0 + 2 * (1 - t) * t * mx + t * t * x1,
    y: (1 - t) ** 2 * y0 + 2 * (1 - t) * t * my + t * t * y1,
  })
  let out = `<path d="M${n(x0)} ${n(y0)}Q${n(mx)} ${n(my)} ${n(x1)} ${n(y1)}" fill="none" stroke="#3A2B26" stroke-width="${n(2 * size)}"/>`
  for (let i = 1; i < bulbs; i++) {
    const p = at(i / bulbs)
    out += `<circle cx="${n(p.x)}" cy="${n(p.y + 8 * size)}" r="${n(26 * size)}" fill="${s.radial(
      [
        [0, '#FFE2A0', 0.8],
        [1, '#FFD27A', 0],
      ],
      p.x,
      p.y + 8 * size,
      26 * size,
    )}"/><circle cx="${n(p.x)}" cy="${n(p.y + 8 * size)}" r="${n(5 * size)}" fill="#FFF1C9"/>`
  }
  s.add(out)
}

function grain(s: Svg, count: number, color: string, opacity: number, yMin = 0, yMax = H, size = 2) {
  let d = ''
  for (let i = 0; i < count; i++) {
    const x = s.r.range(0, W)
    const y = s.r.range(yMin, yMax)
    const r = s.r.range(size * 0.5, size * 1.5)
    d += `M${n(x - r)} ${n(y)}a${n(r)} ${n(r * 0.6)} 0 1 0 ${n(r * 2)} 0a${n(r)} ${n(r * 0.6)} 0 1 0 ${n(-r * 2)} 0`
  }
  s.add(`<path d="${d}" fill="${color}" opacity="${opacity}"/>`)
}

const goldenSky: readonly Stop[] = [
  [0, '#E7B3A6'],
  [0.35, '#F4C9A6'],
  [0.7, '#F9DDB4'],
  [1, '#FCEBCB'],
]

/** Warm light washing over the whole picture, strongest near the sun. */
function warmWash(s: Svg, x: number, y: number, strength = 0.35) {
  s.add(
    `<rect width="${W}" height="${H}" fill="${s.radial(
      [
        [0, '#FFD9A0', strength],
        [1, '#FFD9A0', 0],
      ],
      x,
      y,
      W * 0.8,
    )}"/>`,
  )
}

function vignette(s: Svg, strength = 0.35) {
  s.add(
    `<rect width="${W}" height="${H}" fill="${s.radial(
      [
        [0.55, '#2A1212', 0],
        [1, '#2A1212', strength],
      ],
      W / 2,
      H / 2,
      W * 0.62,
      0.75,
    )}"/>`,
  )
}

// ---------- scenes ----------

function vineyardHills(s: Svg) {
  const r = s.r
  sky(s, goldenSky)
  const sunX = r.range(1250, 1500)
  sun(s, sunX, 430, 46)
  clouds(s, 5, 120, 330, '#FFF1E2', 0.55)
  birds(s, r.range(500, 800), 260, 5)
  const far = ridge(r, 470, 40, 3)
  s.add(
    `<path d="${area(far)}" fill="${s.linear([
      [0, '#C7A6B3'],
      [1, '#D9BFC0'],
    ])}"/>`,
  )
  mist(s, far, 60, '#FBE3CC', 0.5)
  const far2 = ridge(r, 540, 45, 3)
  s.add(
    `<path d="${area(far2)}" fill="${s.linear([
      [0, '#B3A59A'],
      [1, '#C9B9A0'],
    ])}"/>`,
  )
  for (let i = 0; i < 14; i++) {
    const x = r.range(0, W)
    cypress(s, x, far2(x) + 4, r.range(26, 46), '#8A8571')
  }
  const mid = ridge(r, 640, 60, 3)
  s.add(
    `<path d="${area(mid)}" fill="${s.linear([
      [0, '#B8B57E'],
      [1, '#9AA46E'],
    ])}"/>`,
  )
  contourRows(s, mid, 16, 220, '#6E7C4A', 4, 0.05)
  // A farmhouse on the middle ridge.
  const hx = r.range(300, 700)
  const hy = mid(hx) + 30
  s.add(
    `<rect x="${n(hx)}" y="${n(hy - 40)}" width="90" height="40" fill="${palette.cream}"/><path d="M${n(hx - 8)} ${n(hy - 38)}L${n(hx + 45)} ${n(hy - 70)}L${n(hx + 98)} ${n(hy - 38)}Z" fill="${palette.red}"/><rect x="${n(hx + 15)}" y="${n(hy - 28)}" width="14" height="14" fill="#F3B25E"/><rect x="${n(hx + 55)}" y="${n(hy - 28)}" width="14" height="14" fill="#F3B25E"/>`,
  )
  for (let i = 0; i < 6; i++) {
    const x = hx + r.range(-220, 260)
    gumTree(s, x, mid(x) + 20, r.range(70, 120), ['#7D8B5E', '#93A070', '#6C7A51'])
  }
  const near = ridge(r, 760, 40, 2)
  s.add(
    `<path d="${area(near)}" fill="${s.linear([
      [0, '#C9A765'],
      [1, '#A98A4E'],
    ])}"/>`,
  )
  perspectiveRows(s, {
    vx: sunX - 300,
    vy: near(sunX - 300) - 40,
    field: near,
    count: 18,
    spread: 190,
    leaf: '#4E6336',
    lit: '#A9B86B',
    shade: '#5A3E1E',
  })
  gumTree(s, r.range(60, 200), H + 40, 760, ['#5D6E45', '#778A58', '#4D5C3A'])
  warmWash(s, sunX, 430, 0.4)
  vignette(s, 0.3)
}

function cellarDoor(s: Svg) {
  const r = s.r
  sky(s, [
    [0, '#D9B6B0'],
    [0.5, '#F2CFAE'],
    [1, '#FBE7C8'],
  ])
  sun(s, 1600, 380, 40)
  clouds(s, 4, 120, 300, '#FFF3E6', 0.6)
  const far = ridge(r, 560, 35, 3)
  s.add(`<path d="${area(far)}" fill="#C4AEB2"/>`)
  const mid = ridge(r, 640, 30, 2)
  s.add(`<path d="${area(mid)}" fill="#A7AE7E"/>`)
  contourRows(s, mid, 10, 80, '#738052', 3)
  gumTree(s, 1350, 700, 520)
  gumTree(s, 260, 700, 430)
  // The cellar door: sandstone, gable roof, veranda and an arched door.
  const bx = 620
  const by = 470
  const bw = 700
  const bh = 260
  stones(s, bx, by, bw, bh, '#B89A70', ['#D6BC92', '#CDAF84', '#C4A478', '#DCC59E', '#BFA074'], 30)
  corrugated(
    s,
    `M${bx - 40} ${by + 6}L${bx + bw / 2} ${by - 170}L${bx + bw + 40} ${by + 6}Z`,
    '#9AA3A6',
    '#6F7A7E',
    bx - 40,
    bx + bw + 40,
    by - 170,
    by + 10,
    12,
  )
  stones(s, bx + bw / 2 - 120, by - 130, 240, 130, '#C9AD83', ['#D9C199', '#CFB288', '#E0CAA5'], 24)
  s.add(
    `<circle cx="${bx + bw / 2}" cy="${by - 70}" r="34" fill="#F4EBDD"/><circle cx="${bx + bw / 2}" cy="${by - 70}" r="26" fill="#F0A64B"/>`,
  )
  // Veranda roof and posts.
  corrugated(
    s,
    `M${bx - 60} ${by + 70}L${bx + bw + 60} ${by + 70}L${bx + bw + 90} ${by + 110}L${bx - 90} ${by + 110}Z`,
    palette.red,
    palette.redDark,
    bx - 90,
    bx + bw + 90,
    by + 70,
    by + 110,
    14,
  )
  for (let i = 0; i <= 6; i++)
    s.add(`<rect x="${n(bx - 70 + i * ((bw + 140) / 6) - 5)}" y="${by + 110}" width="10" height="${bh - 110}" fill="#F4EBDD"/>`)
  s.add(`<rect x="${bx - 90}" y="${by + bh - 10}" width="${bw + 180}" height="16" fill="#8C7456"/>`)
  const dx = bx + bw / 2 - 55
  s.add(
    `<path d="M${dx} ${by + bh - 10}V${by + 160}A55 55 0 0 1 ${dx + 110} ${by + 160}V${by + bh - 10}Z" fill="${palette.redDark}"/><path d="M${dx + 10} ${by + bh - 10}V${by + 162}A45 45 0 0 1 ${dx + 100} ${by + 162}V${by + bh - 10}Z" fill="${s.linear(
      [
        [0, '#FFD27E'],
        [1, '#E7923F'],
      ],
    )}"/><path d="M${dx + 55} ${by + 120}V${by + bh - 10}" stroke="${palette.redDark}" stroke-width="6"/>`,
  )
  for (const wx of [bx + 70, bx + 190, bx + bw - 260, bx + bw - 140]) window(s, wx, by + 140, 70, 90, true)
  // Sign board and a water tank.
  s.add(
    `<rect x="${bx + bw / 2 - 130}" y="${by + 20}" width="260" height="40" rx="4" fill="${palette.cream}"/><rect x="${bx + bw / 2 - 100}" y="${by + 36}" width="200" height="8" rx="4" fill="${palette.red}"/>`,
  )
  corrugated(
    s,
    `M${bx + bw + 110} ${by + 80}H${bx + bw + 250}V${by + bh}H${bx + bw + 110}Z`,
    '#B6BEC1',
    '#7D878B',
    bx + bw + 110,
    bx + bw + 250,
    by + 80,
    by + bh,
    9,
  )
  s.add(`<ellipse cx="${bx + bw + 180}" cy="${by + 80}" rx="70" ry="14" fill="#8E989C"/>`)
  // Barrels either side of the door.
  for (const ox of [-150, 110, 180]) {
    const cx = bx + bw / 2 + ox + 40
    const cy = by + bh - 50
    s.add(
      `<rect x="${cx - 32}" y="${cy - 10}" width="64" height="64" rx="14" fill="${palette.wood}"/><path d="M${cx - 32} ${cy + 5}H${cx + 32}M${cx - 32} ${cy + 40}H${cx + 32}" stroke="#3E2A1A" stroke-width="5"/>`,
    )
  }
  // The forecourt: gravel path through the vines towards the door.
  const field = (x: number) => 740 + Math.sin(x / 300) * 6
  s.add(`<path d="${area(field)}" fill="#B59A5C"/>`)
  perspectiveRows(s, { vx: 960, vy: 700, field, count: 14, spread: 260, leaf: '#4C6134', lit: '#9FB066', shade: '#4A3318', reach: 0.93 })
  s.add(
    `<path d="M${bx + bw / 2 - 70} 735L${bx + bw / 2 + 70} 735L1340 ${H}L640 ${H}Z" fill="${s.linear([
      [0, '#E3CDA4'],
      [1, '#CDB084'],
    ])}"/>`,
  )
  grain(s, 500, '#A38A60', 0.5, 740, H, 2.5)
  warmWash(s, 1600, 380, 0.3)
  vignette(s, 0.3)
}

function longTable(s: Svg) {
  const r = s.r
  sky(s, [
    [0, '#6E5575'],
    [0.35, '#C98C8A'],
    [0.7, '#F1B98A'],
    [1, '#F8D9A8'],
  ])
  sun(s, 700, 600, 50, '#FFE6B8', '#FFB870', 6)
  clouds(s, 4, 150, 380, '#F5B9A3', 0.45)
  const far = ridge(r, 600, 30, 3)
  s.add(`<path d="${area(far)}" fill="#8E6F84"/>`)
  const mid = ridge(r, 660, 25, 2)
  s.add(`<path d="${area(mid)}" fill="#6F7450"/>`)
  contourRows(s, mid, 8, 60, '#4E5637', 3)
  for (let i = 0; i < 5; i++) {
    const x = r.range(1100, 1900)
    gumTree(s, x, mid(x) + 30, r.range(180, 300), ['#4F5A3E', '#5E6A48', '#46503A'], '#CDBBA8')
  }
  // The lawn and the long table running away from the viewer.
  s.add(
    `<rect y="680" width="${W}" height="${H - 680}" fill="${s.linear([
      [0, '#8E8C55'],
      [1, '#5E6A3B'],
    ])}"/>`,
  )
  const vx = 1150
  const vy = 610
  const tableAt = (t: number, side: -1 | 1) => ({
    x: (side < 0 ? 250 : 1350) + (vx + side * 12 - (side < 0 ? 250 : 1350)) * t,
    y: 1000 + (vy + 60 - 1000) * t,
  })
  const tEnd = 0.82
  const a = tableAt(0, -1)
  const b = tableAt(0, 1)
  const c = tableAt(tEnd, 1)
  const d = tableAt(tEnd, -1)
  s.add(
    `<path d="M${n(a.x)} ${n(a.y)}L${n(b.x)} ${n(b.y)}L${n(c.x)} ${n(c.y)}L${n(d.x)} ${n(d.y)}Z" fill="${s.linear(
      [
        [0, '#E9DCCB'],
        [1, '#FFF8EE'],
      ],
      0,
      1,
      0,
      0,
    )}"/>`,
  )
  s.add(`<path d="M${n(a.x)} ${n(a.y)}L${n(b.x)} ${n(b.y)}L${n(b.x)} ${n(b.y + 60)}L${n(a.x)} ${n(a.y + 60)}Z" fill="#E6D5C0"/>`)
  s.add(`<path d="M${n(b.x)} ${n(b.y)}L${n(c.x)} ${n(c.y)}L${n(c.x)} ${n(c.y + 12)}L${n(b.x)} ${n(b.y + 60)}Z" fill="#D8C5AE"/>`)
  // Table runner in wine red.
  const m0 = tableAt(0, -1)
  const mid0 = { x: (m0.x + b.x) / 2, y: m0.y }
  const midEnd = { x: (c.x + d.x) / 2, y: c.y }
  s.add(
    `<path d="M${n(mid0.x - 120)} ${n(mid0.y)}L${n(mid0.x + 120)} ${n(mid0.y)}L${n(midEnd.x + 12)} ${n(midEnd.y)}L${n(midEnd.x - 12)} ${n(midEnd.y)}Z" fill="${palette.red}" opacity="0.85"/>`,
  )
  // Place settings from far to near.
  for (let k = 9; k >= 0; k--) {
    const t = (k / 10) * tEnd
    const sc = 1 - t * 0.95
    for (const side of [-1, 1] as const) {
      const edge = tableAt(t, side)
      const inset = side < 0 ? 1 : -1
      const px = edge.x + inset * 150 * sc
      const py = edge.y - 20 * sc
      s.add(
        `<ellipse cx="${n(px)}" cy="${n(py)}" rx="${n(70 * sc)}" ry="${n(22 * sc)}" fill="#FFFFFF" stroke="#D9CBB8" stroke-width="${n(2 * sc)}"/><ellipse cx="${n(px)}" cy="${n(py)}" rx="${n(40 * sc)}" ry="${n(12 * sc)}" fill="${r.pick(['#B5C48A', '#E0A360', '#C9705F'])}"/>`,
      )
      wineGlass(s, px + inset * 110 * sc, py - 10 * sc, 150 * sc, r.pick([palette.red, '#B8283F', '#F3E2A0']), r.range(0.3, 0.55))
      // Chairs beside the table.
      const cx = edge.x - inset * 70 * sc
      s.add(
        `<path d="M${n(cx - 34 * sc)} ${n(edge.y + 40 * sc)}L${n(cx - 30 * sc)} ${n(edge.y - 150 * sc)}L${n(cx + 30 * sc)} ${n(edge.y - 150 * sc)}L${n(cx + 34 * sc)} ${n(edge.y + 40 * sc)}" fill="none" stroke="#5A3C2A" stroke-width="${n(10 * sc)}"/><path d="M${n(cx - 30 * sc)} ${n(edge.y - 110 * sc)}H${n(cx + 30 * sc)}M${n(cx - 30 * sc)} ${n(edge.y - 70 * sc)}H${n(cx + 30 * sc)}" stroke="#5A3C2A" stroke-width="${n(8 * sc)}"/>`,
      )
    }
    if (k % 3 === 1) {
      const mid = tableAt(t, -1)
      const cx = (mid.x + tableAt(t, 1).x) / 2
      bottle(s, cx - 30 * sc, mid.y - 30 * sc, 300 * sc, r.pick(['#2E3B26', '#3B1E22']))
      s.add(
        `<rect x="${n(cx + 40 * sc)}" y="${n(mid.y - 110 * sc)}" width="${n(18 * sc)}" height="${n(80 * sc)}" fill="#FFF6E0"/><circle cx="${n(cx + 49 * sc)}" cy="${n(mid.y - 122 * sc)}" r="${n(40 * sc)}" fill="${s.radial(
          [
            [0, '#FFE0A0', 0.9],
            [1, '#FFE0A0', 0],
          ],
          cx + 49 * sc,
          mid.y - 122 * sc,
          40 * sc,
        )}"/><ellipse cx="${n(cx + 49 * sc)}" cy="${n(mid.y - 120 * sc)}" rx="${n(5 * sc)}" ry="${n(10 * sc)}" fill="#FFC45E"/>`,
      )
    }
  }
  // Lights strung over the table.
  festoon(s, -40, 120, 900, 230, 140, 12, 1.3)
  festoon(s, 900, 230, 1500, 420, 60, 8, 0.8)
  festoon(s, 1960, 60, 1050, 260, 150, 12, 1.2)
  warmWash(s, 700, 600, 0.3)
  vignette(s, 0.35)
}

function balloon(s: Svg, x: number, y: number, size: number, colors: readonly string[]) {
  const w = size * 0.5
  const body = `M${n(x)} ${n(y + size * 0.62)}C${n(x - w * 0.6)} ${n(y + size * 0.45)} ${n(x - w * 1.05)} ${n(y + size * 0.1)} ${n(x - w)} ${n(y - size * 0.12)}C${n(x - w * 0.95)} ${n(y - size * 0.42)} ${n(x - w * 0.55)} ${n(y - size * 0.55)} ${n(x)} ${n(y - size * 0.55)}C${n(x + w * 0.55)} ${n(y - size * 0.55)} ${n(x + w * 0.95)} ${n(y - size * 0.42)} ${n(x + w)} ${n(y - size * 0.12)}C${n(x + w * 1.05)} ${n(y + size * 0.1)} ${n(x + w * 0.6)} ${n(y + size * 0.45)} ${n(x)} ${n(y + size * 0.62)}Z`
  const clip = s.clip(`<path d="${body}"/>`)
  let gores = ''
  const count = 8
  for (let i = 0; i < count; i++) {
    const a0 = -1 + (2 * i) / count
    const a1 = -1 + (2 * (i + 1)) / count
    const curve = (a: number) => `${n(x + a * w * 0.2)} ${n(y + size * 0.62)}`
    const edge = (a: number) => `${n(x + Math.sin((a * Math.PI) / 2) * w * 2.1)} ${n(y - size * 0.05)}`
    gores += `<path d="M${n(x)} ${n(y - size * 0.56)}Q${edge(a0)} ${curve(a0)}L${curve(a1)}Q${edge(a1)} ${n(x)} ${n(y - size * 0.56)}Z" fill="${colors[i % colors.length]}"/>`
  }
  const shade = s.linear(
    [
      [0, '#FFFFFF', 0.25],
      [0.5, '#FFFFFF', 0],
      [1, '#3A1A2A', 0.3],
    ],
    0,
    0,
    1,
    0,
  )
  s.add(
    `<g><g clip-path="${clip}"><path d="${body}" fill="${colors[0] ?? palette.red}"/>${gores}<path d="${body}" fill="${shade}"/></g>` +
      `<path d="M${n(x - size * 0.09)} ${n(y + size * 0.6)}L${n(x - size * 0.07)} ${n(y + size * 0.78)}M${n(x + size * 0.09)} ${n(y + size * 0.6)}L${n(x + size * 0.07)} ${n(y + size * 0.78)}" stroke="#4A3428" stroke-width="${n(Math.max(1, size * 0.008))}"/>` +
      `<rect x="${n(x - size * 0.075)}" y="${n(y + size * 0.78)}" width="${n(size * 0.15)}" height="${n(size * 0.1)}" rx="${n(size * 0.015)}" fill="#7A5434"/></g>`,
  )
}

function balloonSunrise(s: Svg) {
  const r = s.r
  sky(s, [
    [0, '#8C86A8'],
    [0.3, '#D9A3AE'],
    [0.62, '#F5C39C'],
    [0.85, '#FBE0B4'],
    [1, '#FFF0CF'],
  ])
  sun(s, 1180, 700, 60, '#FFF6DE', '#FFC98A', 8)
  clouds(s, 6, 140, 420, '#F8D2C4', 0.55)
  const far = ridge(r, 650, 35, 3)
  s.add(`<path d="${area(far)}" fill="#B596A8"/>`)
  mist(s, far, 90, '#FFE9D6', 0.8)
  const mid = ridge(r, 740, 35, 3)
  s.add(`<path d="${area(mid)}" fill="#9A8A92"/>`)
  for (let i = 0; i < 18; i++) {
    const x = r.range(0, W)
    gumTree(s, x, mid(x) + 12, r.range(60, 110), ['#86788A', '#7B6E80'], '#9E8F98')
  }
  mist(s, mid, 110, '#FFEBD8', 0.75)
  const near = ridge(r, 860, 30, 2)
  s.add(
    `<path d="${area(near)}" fill="${s.linear([
      [0, '#8D8366'],
      [1, '#5F5A45'],
    ])}"/>`,
  )
  perspectiveRows(s, { vx: 1180, vy: 800, field: near, count: 16, spread: 220, leaf: '#4B4A37', lit: '#C8A77A', shade: '#2E2A22' })
  balloon(s, 560, 330, 320, [palette.red, palette.goldLight, palette.red, palette.cream])
  balloon(s, 1420, 250, 190, [palette.sageDark, palette.cream, palette.gold, palette.cream])
  balloon(s, 1030, 470, 110, [palette.gold, palette.redDark])
  balloon(s, 250, 560, 70, ['#5D7A9A', palette.cream])
  warmWash(s, 1180, 700, 0.35)
  vignette(s, 0.25)
}

function shopfront(s: Svg, x: number, ground: number, w: number, h: number, wall: string, near: boolean) {
  s.add(`<rect x="${n(x)}" y="${n(ground - h)}" width="${n(w)}" height="${n(h)}" fill="${wall}"/>`)
  // Parapet with a little pediment, as country-town shops have.
  s.add(
    `<path d="M${n(x)} ${n(ground - h)}H${n(x + w)}V${n(ground - h - h * 0.08)}H${n(x + w * 0.62)}L${n(x + w / 2)} ${n(ground - h - h * 0.18)}L${n(x + w * 0.38)} ${n(ground - h - h * 0.08)}H${n(x)}Z" fill="${wall}"/><rect x="${n(x)}" y="${n(ground - h - 4)}" width="${n(w)}" height="${n(h * 0.03)}" fill="#FFFFFF" opacity="0.5"/>`,
  )
  window(s, x + w * 0.15, ground - h * 0.85, w * 0.25, h * 0.22, false, '#F6EFE2')
  window(s, x + w * 0.6, ground - h * 0.85, w * 0.25, h * 0.22, false, '#F6EFE2')
  s.add(
    `<rect x="${n(x + w * 0.08)}" y="${n(ground - h * 0.42)}" width="${n(w * 0.84)}" height="${n(h * 0.42)}" fill="${s.linear([
      [0, '#FFD79A'],
      [1, '#E9A252'],
    ])}"/><rect x="${n(x + w * 0.42)}" y="${n(ground - h * 0.38)}" width="${n(w * 0.16)}" height="${n(h * 0.38)}" fill="${palette.redDark}"/>`,
  )
  if (near)
    s.add(
      `<rect x="${n(x + w * 0.12)}" y="${n(ground - h * 0.56)}" width="${n(w * 0.76)}" height="${n(h * 0.06)}" fill="${palette.cream}"/>`,
    )
}

function townMainStreet(s: Svg) {
  const r = s.r
  sky(s, [
    [0, '#B9C6CF'],
    [0.45, '#F1D2B4'],
    [1, '#FBE6C6'],
  ])
  sun(s, 1500, 300, 44)
  clouds(s, 5, 100, 280, '#FFF5EA', 0.7)
  const far = ridge(r, 600, 25, 3)
  s.add(`<path d="${area(far)}" fill="#B7A8AE"/>`)
  const vx = 960
  const vy = 620
  // The church at the end of the street, its spire above everything.
  const cx = 960
  stones(s, cx - 110, 430, 220, 200, '#D8C29C', ['#E3D0AE', '#D2BA91', '#EAD9BC'], 18)
  s.add(`<path d="M${cx - 120} 435L${cx} 360L${cx + 120} 435Z" fill="#7E8A8F"/>`)
  stones(s, cx - 40, 250, 80, 200, '#E0CCA8', ['#EAD9BC', '#DCC6A0'], 16)
  s.add(
    `<path d="M${cx - 48} 254L${cx} 60L${cx + 48} 254Z" fill="#6F7C82"/><path d="M${cx} 60L${cx + 48} 254H${cx + 10}Z" fill="#58646A"/><path d="M${cx} 28V70M${cx - 12} 42H${cx + 12}" stroke="#6F7C82" stroke-width="5"/><path d="M${cx - 18} 330V300A18 18 0 0 1 ${cx + 18} 300V330Z" fill="#3E4A50"/><circle cx="${cx}" cy="278" r="14" fill="${palette.cream}"/>`,
  )
  s.add(`<path d="M${cx - 30} 630V560A30 30 0 0 1 ${cx + 30} 560V630Z" fill="${palette.redDark}"/>`)
  // Road and footpaths.
  s.add(
    `<path d="M${vx - 40} ${vy}L${vx + 40} ${vy}L${W + 300} ${H}L-300 ${H}Z" fill="${s.linear([
      [0, '#B8A58E'],
      [1, '#8D7B68'],
    ])}"/>`,
  )
  s.add(`<path d="M${vx - 2} ${vy}L${vx + 2} ${vy}L${vx + 14} ${H}L${vx - 14} ${H}Z" fill="#F2E6CC" opacity="0.8"/>`)
  s.add(
    `<path d="M${vx - 40} ${vy}L${vx - 70} ${vy}L-300 ${H - 120}L-300 ${H}Z" fill="#D7C2A0"/><path d="M${vx + 40} ${vy}L${vx + 70} ${vy}L${W + 300} ${H - 120}L${W + 300} ${H}Z" fill="#D7C2A0"/>`,
  )
  // Shops on both sides, from far to near, each with a bullnose veranda.
  const walls = ['#E9D3B0', '#D9A98C', '#F1E4CC', '#C9B08F', '#E6C9A6', '#D5B9A0']
  for (const side of [-1, 1] as const) {
    for (let k = 6; k >= 0; k--) {
      const t0 = 1 - Math.pow(0.72, k + 1)
      const t1 = 1 - Math.pow(0.72, k)
      const sc0 = 1 - t0
      const sc1 = 1 - t1
      const xNear = side < 0 ? -80 : W + 80
      const x0 = vx + side * 75 + (xNear - vx - side * 75) * sc1
      const x1 = vx + side * 75 + (xNear - vx - side * 75) * sc0
      const ground = vy + (H - 130 - vy) * sc1
      const h = 560 * sc1
      const w = Math.abs(x1 - x0) * 2.2
      const fx = side < 0 ? x0 - w : x0
      shopfront(s, fx, ground, w, h, r.pick(walls), k < 2)
      // Veranda seen from the street: a band and posts.
      corrugated(
        s,
        `M${n(fx)} ${n(ground - h * 0.5)}H${n(fx + w)}V${n(ground - h * 0.43)}Q${n(fx + w / 2)} ${n(ground - h * 0.4)} ${n(fx)} ${n(ground - h * 0.43)}Z`,
        r.pick([palette.red, '#7D8C6A', '#9AA3A6']),
        '#3A2A2A',
        fx,
        fx + w,
        ground - h * 0.5,
        ground - h * 0.4,
        Math.max(4, 10 * sc1),
      )
      for (const px of [fx + w * 0.04, fx + w * 0.96])
        s.add(`<rect x="${n(px - 4 * sc1)}" y="${n(ground - h * 0.43)}" width="${n(8 * sc1 + 1)}" height="${n(h * 0.43)}" fill="#F4EBDD"/>`)
    }
  }
  for (const side of [-1, 1] as const) {
    for (let k = 4; k >= 0; k--) {
      const sc = Math.pow(0.68, k)
      const x = vx + side * (120 + 760 * sc)
      const base = vy + (H - 60 - vy) * sc
      gumTree(s, x, base, 380 * sc + 40, ['#6D7D55', '#82926A', '#5C6B47'])
    }
  }
  warmWash(s, 1500, 300, 0.3)
  vignette(s, 0.3)
}

function wineGlassStill(s: Svg) {
  const r = s.r
  s.add(
    `<rect width="${W}" height="${H}" fill="${s.linear(
      [
        [0, '#5A2A2E'],
        [0.6, '#8A4A3C'],
        [1, '#C7895A'],
      ],
      0,
      0,
      1,
      1,
    )}"/>`,
  )
  // Out-of-focus lights behind the table.
  for (let i = 0; i < 34; i++) {
    const x = r.range(0, W)
    const y = r.range(60, 640)
    const rad = r.range(30, 110)
    const c = r.pick(['#FFD08A', '#F7B26A', '#FFE3B0', '#E98F6A'])
    s.add(
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(rad)}" fill="${s.radial(
        [
          [0, c, r.range(0.25, 0.55)],
          [0.8, c, 0.2],
          [1, c, 0],
        ],
        x,
        y,
        rad,
      )}"/>`,
    )
  }
  s.add(
    `<rect y="700" width="${W}" height="${H - 700}" fill="${s.linear([
      [0, '#8B5A36'],
      [1, '#5B3821'],
    ])}"/>`,
  )
  let gr = ''
  for (let i = 0; i < 40; i++) {
    const y = 705 + i * 10 + r.range(-3, 3)
    gr += `M0 ${n(y)}C${n(W * 0.3)} ${n(y + r.range(-6, 6))} ${n(W * 0.6)} ${n(y + r.range(-6, 6))} ${W} ${n(y + r.range(-4, 4))}`
  }
  s.add(
    `<path d="${gr}" stroke="#4A2E1A" stroke-width="2" fill="none" opacity="0.35"/><rect y="700" width="${W}" height="8" fill="#A7744A"/>`,
  )
  // Cheese board with grapes.
  s.add(
    `<ellipse cx="520" cy="905" rx="430" ry="70" fill="#3E2616" opacity="0.4"/><path d="M120 860H900Q930 860 930 885V900Q930 920 900 920H120Q90 920 90 900V885Q90 860 120 860Z" fill="#B98356"/><path d="M120 860H900Q930 860 930 872H90Q90 860 120 860Z" fill="#D29D6C"/>`,
  )
  s.add(
    `<path d="M200 860L330 780L420 860Z" fill="#F3D98E"/><path d="M330 780L420 860L440 852L350 775Z" fill="#E2C270"/><circle cx="270" cy="840" r="8" fill="#E2C270"/><circle cx="330" cy="830" r="6" fill="#E2C270"/>`,
  )
  s.add(`<path d="M470 860L560 800L640 860Z" fill="#FBF1D8"/><path d="M560 800L640 860L660 855L580 796Z" fill="#EADFC2"/>`)
  let grapes = ''
  for (let i = 0; i < 30; i++) {
    const gx = 760 + r.range(-90, 90) * (1 - i / 45)
    const gy = 800 + (i / 30) * 60 + r.range(-14, 14)
    const c = r.pick(['#5B2340', '#6E2A4B', '#4A1C36', '#7C3556'])
    grapes += `<circle cx="${n(gx)}" cy="${n(gy)}" r="22" fill="${c}"/><circle cx="${n(gx - 7)}" cy="${n(gy - 7)}" r="5" fill="#FFFFFF" opacity="0.3"/>`
  }
  s.add(
    `<path d="M760 780Q740 740 780 720" stroke="#5A4020" stroke-width="6" fill="none"/><path d="M780 725Q850 690 880 740Q840 760 780 725Z" fill="#7F9470"/>${grapes}`,
  )
  bottle(s, 1180, 860, 640, '#2A3424')
  s.add(`<ellipse cx="1180" cy="862" rx="120" ry="16" fill="#2A1A10" opacity="0.4"/>`)
  // The glass: large, catching the light.
  s.add(`<ellipse cx="1530" cy="872" rx="150" ry="18" fill="#2A1A10" opacity="0.35"/>`)
  wineGlass(s, 1530, 875, 620, palette.red, 0.5)
  // A cork lying on the table.
  s.add(
    `<g transform="rotate(-18 980 900)"><rect x="940" y="885" width="80" height="34" rx="8" fill="#C99A63"/><rect x="940" y="885" width="14" height="34" rx="6" fill="${palette.red}" opacity="0.7"/></g>`,
  )
  vignette(s, 0.45)
}

function oliveGrove(s: Svg) {
  const r = s.r
  sky(s, [
    [0, '#A9BFD0'],
    [0.55, '#E9DCC6'],
    [1, '#F8E9CE'],
  ])
  sun(s, 380, 260, 40, '#FFF8E6', '#FFE2A8', 6)
  clouds(s, 6, 120, 360, '#FFFFFF', 0.6)
  const far = ridge(r, 520, 35, 3)
  s.add(`<path d="${area(far)}" fill="#A9A3B4"/>`)
  const mid = ridge(r, 580, 30, 3)
  s.add(`<path d="${area(mid)}" fill="#B7B38A"/>`)
  contourRows(s, mid, 9, 90, '#8E9168', 3)
  const field = ridge(r, 640, 12, 2)
  s.add(
    `<path d="${area(field)}" fill="${s.linear([
      [0, '#D9BC7C'],
      [1, '#C09A56'],
    ])}"/>`,
  )
  // Rows of olive trees receding towards the horizon.
  const vx = 1100
  const vy = 620
  const trees: { x: number; y: number; size: number }[] = []
  grassTufts(s, field, 260, '#A0823F', 700, 1.4)
  for (let row = -3; row <= 3; row++) {
    for (let k = 0; k < 8; k++) {
      const sc = Math.pow(0.62, k)
      const x = vx + (row * 760 + 380 + r.range(-20, 20)) * sc
      const y = vy + (H + 40 - vy) * sc
      if (x < -300 || x > W + 300) continue
      trees.push({ x, y, size: 330 * sc })
    }
  }
  trees.sort((a, b) => a.y - b.y)
  for (const t of trees) oliveTree(s, t.x, t.y, t.size)
  warmWash(s, 380, 260, 0.25)
  vignette(s, 0.25)
}

function farmersMarket(s: Svg) {
  const r = s.r
  sky(s, [
    [0, '#A7C0CC'],
    [0.6, '#EEDDC4'],
    [1, '#F7E8CF'],
  ])
  clouds(s, 5, 100, 300, '#FFFFFF', 0.7)
  const far = ridge(r, 470, 30, 3)
  s.add(`<path d="${area(far)}" fill="#AFB08A"/>`)
  for (let i = 0; i < 10; i++) {
    const x = r.range(0, W)
    gumTree(s, x, far(x) + 80, r.range(260, 380))
  }
  s.add(
    `<rect y="560" width="${W}" height="${H - 560}" fill="${s.linear([
      [0, '#D9C4A0'],
      [1, '#BFA27C'],
    ])}"/>`,
  )
  grain(s, 700, '#A88D66', 0.45, 560, H, 2.2)
  // Bunting overhead.
  for (const [y0, y1] of [
    [60, 140],
    [150, 90],
  ] as const) {
    const mx = W / 2
    let flags = ''
    for (let i = 0; i <= 24; i++) {
      const t = i / 24
      const x = t * W
      const y = (1 - t) ** 2 * y0 + 2 * (1 - t) * t * (Math.max(y0, y1) + 90) + t * t * y1
      flags += `<path d="M${n(x - 22)} ${n(y)}L${n(x + 22)} ${n(y)}L${n(x)} ${n(y + 50)}Z" fill="${[palette.red, palette.gold, palette.cream, palette.sageDark][i % 4]}"/>`
    }
    s.add(`<path d="M0 ${y0}Q${mx} ${Math.max(y0, y1) + 180} ${W} ${y1}" stroke="#5A4636" stroke-width="3" fill="none"/>${flags}`)
  }
  // Stalls from far to near: striped awnings over tables of produce.
  const stalls = [
    { x: 1140, y: 610, w: 260, h: 190 },
    { x: 760, y: 625, w: 300, h: 210 },
    { x: 1460, y: 650, w: 380, h: 260 },
    { x: 300, y: 680, w: 440, h: 290 },
    { x: 1020, y: 760, w: 560, h: 330 },
  ]
  const awnings = [
    [palette.red, palette.pink],
    ['#7F9470', palette.cream],
    [palette.gold, palette.pink],
    [palette.redDark, palette.cream],
  ] as const
  stalls.forEach((st, i) => {
    const [c1, c2] = awnings[i % awnings.length] ?? awnings[0]
    const { x, y, w, h } = st
    const top = y - h
    s.add(
      `<rect x="${n(x - w / 2 + 6)}" y="${n(top)}" width="${n(w * 0.03)}" height="${n(h)}" fill="#6A5038"/><rect x="${n(x + w / 2 - 6 - w * 0.03)}" y="${n(top)}" width="${n(w * 0.03)}" height="${n(h)}" fill="#6A5038"/>`,
    )
    let stripes = ''
    for (let k = 0; k < 8; k++) {
      const sx = x - w / 2 - w * 0.05 + (k * w * 1.1) / 8
      stripes += `<path d="M${n(sx)} ${n(top - h * 0.05)}H${n(sx + (w * 1.1) / 8)}V${n(top + h * 0.18)}Q${n(sx + (w * 1.1) / 16)} ${n(top + h * 0.26)} ${n(sx)} ${n(top + h * 0.18)}Z" fill="${k % 2 ? c2 : c1}"/>`
    }
    s.add(
      `<path d="M${n(x - w / 2 - w * 0.05)} ${n(top - h * 0.05)}L${n(x)} ${n(top - h * 0.22)}L${n(x + w / 2 + w * 0.05)} ${n(top - h * 0.05)}Z" fill="${c1}"/>${stripes}`,
    )
    // Table with a cloth and crates of produce.
    const ty = y - h * 0.38
    s.add(
      `<rect x="${n(x - w / 2)}" y="${n(ty)}" width="${n(w)}" height="${n(h * 0.38)}" fill="${palette.cream}"/><rect x="${n(x - w / 2)}" y="${n(ty)}" width="${n(w)}" height="${n(h * 0.05)}" fill="${c1}" opacity="0.8"/>`,
    )
    const crates = 4
    for (let k = 0; k < crates; k++) {
      const cw = (w * 0.9) / crates
      const cx = x - w * 0.45 + k * cw
      const produce = r.pick(['#C8372D', '#E98B2A', '#7FA047', '#F2C94C', '#6E2A4B', '#B5D07A'])
      let fruit = ''
      for (let f = 0; f < 9; f++)
        fruit += `<circle cx="${n(cx + cw * 0.15 + (f % 5) * cw * 0.17)}" cy="${n(ty - h * 0.05 - Math.floor(f / 5) * h * 0.05 + r.range(-2, 2))}" r="${n(cw * 0.1)}" fill="${produce}"/>`
      s.add(
        `${fruit}<rect x="${n(cx + cw * 0.05)}" y="${n(ty - h * 0.06)}" width="${n(cw * 0.9)}" height="${n(h * 0.08)}" fill="#A87B4F"/>`,
      )
    }
  })
  // Shoppers, simply drawn.
  for (let i = 0; i < 7; i++) {
    const x = r.range(100, 1800)
    const base = r.range(820, 1060)
    const sc = (base - 560) / 500
    const body = r.pick([palette.red, '#5D7A9A', '#7F9470', palette.gold, '#3B3A48', palette.cream])
    s.add(
      `<path d="M${n(x - 40 * sc)} ${n(base)}L${n(x - 34 * sc)} ${n(base - 200 * sc)}Q${n(x)} ${n(base - 240 * sc)} ${n(x + 34 * sc)} ${n(base - 200 * sc)}L${n(x + 40 * sc)} ${n(base)}Z" fill="${body}"/><circle cx="${n(x)}" cy="${n(base - 262 * sc)}" r="${n(30 * sc)}" fill="#C89B7B"/><path d="M${n(x - 34 * sc)} ${n(base - 270 * sc)}Q${n(x)} ${n(base - 310 * sc)} ${n(x + 34 * sc)} ${n(base - 270 * sc)}Z" fill="#4A3428"/>`,
    )
    if (r.next() > 0.5)
      s.add(`<path d="M${n(x + 36 * sc)} ${n(base - 120 * sc)}h${n(40 * sc)}l${n(-6 * sc)} ${n(50 * sc)}h${n(-28 * sc)}Z" fill="#C9A36A"/>`)
  }
  vignette(s, 0.25)
}

function cottageStay(s: Svg) {
  const r = s.r
  sky(s, [
    [0, '#7F7AA0'],
    [0.45, '#E3A9A6'],
    [0.8, '#F6CFA4'],
    [1, '#FBE2BA'],
  ])
  sun(s, 1650, 560, 40, '#FFEFC8', '#FFBE80', 7)
  clouds(s, 5, 100, 350, '#F6C6B8', 0.5)
  const far = ridge(r, 560, 40, 3)
  s.add(`<path d="${area(far)}" fill="#A68AA0"/>`)
  const mid = ridge(r, 640, 30, 3)
  s.add(`<path d="${area(mid)}" fill="#8F9468"/>`)
  contourRows(s, mid, 8, 70, '#6C7550', 3)
  gumTree(s, 1540, 760, 640, ['#5E6E48', '#72835A', '#4F5E3D'])
  // The cottage: sandstone front, red door, veranda, chimney with a wisp of smoke.
  const x = 560
  const y = 450
  const w = 760
  const h = 300
  s.add(
    `<path d="M${x + w - 150} ${y - 190}h70v120h-70Z" fill="#B89470"/><path d="M${x + w - 115} ${y - 200}c-30 -40 40 -60 10 -110c-20 -40 30 -60 20 -90" stroke="#FFFFFF" stroke-width="18" fill="none" stroke-linecap="round" opacity="0.35"/>`,
  )
  corrugated(
    s,
    `M${x - 40} ${y}L${x + 120} ${y - 170}H${x + w - 120}L${x + w + 40} ${y}Z`,
    '#8E979A',
    '#5E6669',
    x - 40,
    x + w + 40,
    y - 170,
    y,
    12,
  )
  stones(s, x, y, w, h, '#C9AB7E', ['#D9BF95', '#CFB084', '#E2CBA4', '#C4A276', '#D4B78C'], 28)
  corrugated(
    s,
    `M${x - 70} ${y + 60}H${x + w + 70}L${x + w + 110} ${y + 120}H${x - 110}Z`,
    '#B7C0B0',
    '#7D8878',
    x - 110,
    x + w + 110,
    y + 60,
    y + 120,
    12,
  )
  s.add(`<path d="M${x - 110} ${y + 120}H${x + w + 110}" stroke="#F4EBDD" stroke-width="10"/>`)
  for (let i = 0; i <= 5; i++)
    s.add(`<rect x="${n(x - 80 + i * ((w + 160) / 5) - 6)}" y="${y + 125}" width="12" height="${h - 120}" fill="#F4EBDD"/>`)
  let lace = ''
  for (let i = 0; i < 40; i++)
    lace += `<circle cx="${n(x - 100 + i * ((w + 200) / 40))}" cy="${y + 132}" r="7" fill="none" stroke="#F4EBDD" stroke-width="3"/>`
  s.add(lace)
  window(s, x + 110, y + 170, 110, 110, true)
  window(s, x + w - 220, y + 170, 110, 110, true)
  s.add(
    `<rect x="${x + w / 2 - 55}" y="${y + 150}" width="110" height="${h - 150}" fill="${palette.red}"/><rect x="${x + w / 2 - 40}" y="${y + 165}" width="80" height="50" fill="#F4B763"/><circle cx="${x + w / 2 + 35}" cy="${y + 240}" r="6" fill="#E8C27A"/>`,
  )
  s.add(`<rect x="${x - 120}" y="${y + h - 6}" width="${w + 240}" height="20" fill="#8C7456"/>`)
  // Garden: lawn, path, picket fence, roses and lavender.
  s.add(
    `<path d="M0 760H${W}V${H}H0Z" fill="${s.linear([
      [0, '#8FA06A'],
      [1, '#6C7F4C'],
    ])}"/>`,
  )
  s.add(`<path d="M${x + w / 2 - 60} 760H${x + w / 2 + 60}L${x + w / 2 + 200} ${H}H${x + w / 2 - 200}Z" fill="#DCC6A0"/>`)
  let flowers = ''
  for (let i = 0; i < 260; i++) {
    const fx = r.range(0, W)
    if (Math.abs(fx - (x + w / 2)) < 150) continue
    const fy = r.range(770, 900)
    flowers += `<circle cx="${n(fx)}" cy="${n(fy)}" r="${n(r.range(5, 11))}" fill="${r.pick(['#E58FA0', '#F2B8C2', palette.red, '#B59BD6', '#9B86C4', '#F7E3A1'])}"/>`
  }
  let shrubs = ''
  for (let i = 0; i < 40; i++)
    shrubs += `<ellipse cx="${n(r.range(0, W))}" cy="${n(r.range(770, 880))}" rx="${n(r.range(30, 70))}" ry="${n(r.range(18, 36))}" fill="${r.pick(['#5F7548', '#6F8656', '#55693F'])}"/>`
  s.add(shrubs + flowers)
  let fence = ''
  for (let fx = -10; fx < W; fx += 42) {
    if (Math.abs(fx + 12 - (x + w / 2)) < 190) continue
    fence += `<path d="M${fx} 1040V925L${fx + 12} 905L${fx + 24} 925V1040Z"/>`
  }
  s.add(
    `<g fill="#FBF6EE">${fence}<rect x="0" y="950" width="${x + w / 2 - 190}" height="12"/><rect x="${x + w / 2 + 190}" y="950" width="${W}" height="12"/><rect x="0" y="1000" width="${x + w / 2 - 190}" height="12"/><rect x="${x + w / 2 + 190}" y="1000" width="${W}" height="12"/></g>`,
  )
  warmWash(s, 1650, 560, 0.3)
  vignette(s, 0.3)
}

function cyclist(s: Svg, x: number, base: number, size: number, jersey: string) {
  const wr = size * 0.22
  const back = { x: x - size * 0.34, y: base - wr }
  const front = { x: x + size * 0.34, y: base - wr }
  const seat = { x: x - size * 0.12, y: base - size * 0.62 }
  const bars = { x: x + size * 0.26, y: base - size * 0.66 }
  const crank = { x: x, y: base - wr }
  const sw = Math.max(2, size * 0.025)
  s.add(
    `<g fill="none" stroke="#2F2A2A" stroke-width="${n(sw)}" stroke-linecap="round" stroke-linejoin="round">` +
      `<circle cx="${n(back.x)}" cy="${n(back.y)}" r="${n(wr)}"/><circle cx="${n(front.x)}" cy="${n(front.y)}" r="${n(wr)}"/>` +
      `<path d="M${n(back.x)} ${n(back.y)}L${n(crank.x)} ${n(crank.y)}L${n(seat.x)} ${n(seat.y)}ZM${n(seat.x)} ${n(seat.y + size * 0.05)}L${n(bars.x - size * 0.03)} ${n(bars.y + size * 0.07)}L${n(crank.x)} ${n(crank.y)}M${n(bars.x - size * 0.03)} ${n(bars.y + size * 0.07)}L${n(front.x)} ${n(front.y)}" stroke="${palette.red}"/>` +
      `</g>` +
      // Rider: legs, torso leaning forward, arms, helmeted head.
      `<path d="M${n(seat.x)} ${n(seat.y - size * 0.02)}L${n(crank.x + size * 0.1)} ${n(base - size * 0.42)}L${n(crank.x + size * 0.04)} ${n(crank.y + size * 0.06)}" fill="none" stroke="#2E3440" stroke-width="${n(size * 0.07)}" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<path d="M${n(seat.x - size * 0.02)} ${n(seat.y - size * 0.02)}L${n(bars.x - size * 0.1)} ${n(base - size * 1.0)}" stroke="${jersey}" stroke-width="${n(size * 0.13)}" stroke-linecap="round"/>` +
      `<path d="M${n(bars.x - size * 0.1)} ${n(base - size * 0.98)}L${n(bars.x)} ${n(bars.y)}" stroke="#C89B7B" stroke-width="${n(size * 0.045)}" stroke-linecap="round"/>` +
      `<circle cx="${n(bars.x - size * 0.04)}" cy="${n(base - size * 1.1)}" r="${n(size * 0.07)}" fill="#C89B7B"/><path d="M${n(bars.x - size * 0.13)} ${n(base - size * 1.11)}A${n(size * 0.085)} ${n(size * 0.08)} 0 0 1 ${n(bars.x + size * 0.04)} ${n(base - size * 1.12)}Z" fill="${palette.cream}"/>`,
  )
}

function cyclingTrail(s: Svg) {
  const r = s.r
  sky(s, [
    [0, '#AFC3CF'],
    [0.5, '#EBDCC2'],
    [1, '#F6E6C9'],
  ])
  sun(s, 1380, 330, 38, '#FFF8E6', '#FFDDA0', 6)
  clouds(s, 5, 100, 320, '#FFFFFF', 0.65)
  const far = ridge(r, 540, 30, 3)
  s.add(`<path d="${area(far)}" fill="#ADA2B4"/>`)
  const mid = ridge(r, 600, 30, 3)
  s.add(`<path d="${area(mid)}" fill="#A7AE7B"/>`)
  contourRows(s, mid, 10, 110, '#7A8452', 3)
  const field = (x: number) => 640 + Math.sin(x / 500) * 8
  s.add(
    `<path d="${area(field)}" fill="${s.linear([
      [0, '#C2B070'],
      [1, '#9C9050'],
    ])}"/>`,
  )
  perspectiveRows(s, {
    vx: 1500,
    vy: 630,
    field: (x) => (x > 1100 ? field(x) : H + 100),
    count: 10,
    spread: 240,
    leaf: '#4D6136',
    lit: '#A6B66A',
    shade: '#4A3318',
    reach: 0.97,
  })
  // The trail winds from the foreground to the horizon.
  const pts: [number, number][] = []
  for (let k = 0; k <= 30; k++) {
    const t = k / 30
    const y = 640 + (H + 20 - 640) * Math.pow(t, 1.6)
    pts.push([780 + Math.sin(t * 5.2 + 0.6) * 260 * t + t * 100, y])
  }
  const halfW = (y: number) => 4 + ((y - 640) / (H - 640)) * 300
  const left = pts.map(([px, py]) => `${n(px - halfW(py))} ${n(py)}`).join('L')
  const right = pts
    .slice()
    .reverse()
    .map(([px, py]) => `${n(px + halfW(py))} ${n(py)}`)
    .join('L')
  s.add(
    `<path d="M${left}L${right}Z" fill="${s.linear([
      [0, '#E6CFA6'],
      [1, '#D2B283'],
    ])}"/>`,
  )
  // Dappled shade across the trail.
  let shade = ''
  for (let i = 0; i < 40; i++) {
    const [px, py] = pts[r.int(8, 30)] ?? [0, 0]
    shade += `<ellipse cx="${n(px + r.range(-1, 1) * halfW(py))}" cy="${n(py + r.range(-10, 10))}" rx="${n(halfW(py) * r.range(0.15, 0.35))}" ry="${n(halfW(py) * 0.05 + 4)}"/>`
  }
  s.add(`<g fill="#8C7A55" opacity="0.35">${shade}</g>`)
  // Gum trees along the trail.
  for (let k = 6; k >= 0; k--) {
    const sc = Math.pow(0.7, k)
    for (const side of [-1, 1] as const) {
      if (r.next() < 0.25 && k > 1) continue
      const x = 800 + side * (160 + 900 * sc) + r.range(-40, 40) * sc
      const base = 640 + (H + 30 - 640) * sc
      gumTree(s, x, base, 900 * sc + 60)
    }
  }
  const riderAt = pts[19] ?? [900, 800]
  cyclist(s, riderAt[0] - 20, riderAt[1], 170, palette.red)
  cyclist(s, riderAt[0] + 120, riderAt[1] - 60, 110, palette.gold)
  grassTufts(s, field, 200, '#6E7A40', 700, 1.3)
  warmWash(s, 1380, 330, 0.25)
  vignette(s, 0.28)
}

function lookout(s: Svg) {
  const r = s.r
  sky(s, [
    [0, '#8A86A6'],
    [0.35, '#E2A7A2'],
    [0.7, '#F7C994'],
    [1, '#FCE2B6'],
  ])
  sun(s, 1260, 450, 52, '#FFF2D0', '#FFC078', 7)
  clouds(s, 6, 100, 360, '#F5C2B2', 0.5)
  birds(s, 1000, 220, 6)
  // Ranges fading into the haze.
  const layers = ['#C4A7B9', '#B498AC', '#A88F98', '#9D9880']
  layers.forEach((fill, i) => {
    const fn = ridge(r, 470 + i * 45, 30 - i * 3, 3)
    s.add(`<path d="${area(fn)}" fill="${fill}"/>`)
    if (i < 2) mist(s, fn, 50, '#FFE6CF', 0.5)
  })
  // The valley floor: a patchwork of paddocks and vineyards.
  const floorTop = 640
  s.add(`<rect y="${floorTop}" width="${W}" height="${H - floorTop}" fill="#A9A46C"/>`)
  const fieldColors = ['#B9B477', '#9FA466', '#C9B77A', '#8E9A5E', '#D4BF82', '#A8AE6E', '#B5A060']
  for (let row = 0; row < 6; row++) {
    const y0 = floorTop + Math.pow(row / 6, 1.5) * 380
    const y1 = floorTop + Math.pow((row + 1) / 6, 1.5) * 380
    let x = -100
    while (x < W + 100) {
      const fw = r.range(160, 360) * (0.5 + row * 0.3)
      const skew = r.range(-40, 40)
      const fill = r.pick(fieldColors)
      s.add(
        `<path d="M${n(x)} ${n(y0)}L${n(x + fw)} ${n(y0)}L${n(x + fw + skew)} ${n(y1)}L${n(x + skew)} ${n(y1)}Z" fill="${fill}" stroke="#8E8A58" stroke-width="2"/>`,
      )
      if (r.next() < 0.45) {
        let rows = ''
        const gap = 5 + row * 3
        for (let yy = y0 + gap / 2; yy < y1; yy += gap) rows += `M${n(x + 4)} ${n(yy)}L${n(x + fw - 4)} ${n(yy)}`
        s.add(`<path d="${rows}" stroke="#5D6B3C" stroke-width="${n(1.5 + row * 0.6)}" stroke-dasharray="8 3"/>`)
      }
      x += fw
    }
    for (let k = 0; k < 6; k++) {
      const tx = r.range(0, W)
      const ty = (y0 + y1) / 2
      for (let j = 0; j < 5; j++)
        s.add(`<ellipse cx="${n(tx + j * (8 + row * 4))}" cy="${n(ty)}" rx="${n(6 + row * 3)}" ry="${n(5 + row * 2)}" fill="#5C6B45"/>`)
    }
  }
  // A distant town with a spire.
  const tx = r.range(500, 800)
  for (let k = 0; k < 12; k++)
    s.add(
      `<rect x="${n(tx + k * 16)}" y="${n(floorTop + 8 - r.range(0, 10))}" width="12" height="${n(r.range(8, 18))}" fill="${r.pick(['#F1E4CC', '#E3C9A6', palette.red])}"/>`,
    )
  s.add(`<path d="M${n(tx + 90)} ${floorTop - 40}L${n(tx + 96)} ${floorTop + 6}H${n(tx + 84)}Z" fill="#E9DCC6"/>`)
  mist(s, (x) => floorTop + 20 + Math.sin(x / 300) * 5, 60, '#FFE9D2', 0.45)
  // The lookout itself: a rocky crest, a railing and a bench.
  const crest = (x: number) => 870 + Math.sin(x / 260 + 1) * 30 + (x > 1100 ? (x - 1100) * 0.25 : 0)
  s.add(
    `<path d="${area(crest)}" fill="${s.linear([
      [0, '#7D6A4C'],
      [1, '#4E4030'],
    ])}"/>`,
  )
  for (let i = 0; i < 18; i++) {
    const x = r.range(0, W)
    const y = crest(x) + r.range(10, 120)
    s.add(
      `<path d="M${n(x - 40)} ${n(y)}Q${n(x - 30)} ${n(y - 40)} ${n(x + 10)} ${n(y - 34)}Q${n(x + 50)} ${n(y - 20)} ${n(x + 46)} ${n(y)}Z" fill="${r.pick(['#8E7A5A', '#9C8868', '#7A684C'])}"/>`,
    )
  }
  grassTufts(s, crest, 220, '#C9A862', 0, 1.6)
  let rail = ''
  for (let x = 80; x < 1300; x += 170) rail += `<rect x="${x}" y="${n(crest(x) - 150)}" width="14" height="170" fill="#5A3C2A"/>`
  rail += `<path d="${line((x) => crest(x) - 140, 80, 1300, 40)}" stroke="#6B4A32" stroke-width="12" fill="none"/><path d="${line((x) => crest(x) - 85, 80, 1300, 40)}" stroke="#6B4A32" stroke-width="9" fill="none"/>`
  s.add(rail)
  const bx = 1450
  const by = crest(bx) + 10
  s.add(
    `<rect x="${bx}" y="${n(by - 90)}" width="260" height="18" rx="4" fill="#7A5238"/><rect x="${bx}" y="${n(by - 150)}" width="260" height="16" rx="4" fill="#7A5238"/><rect x="${bx + 20}" y="${n(by - 72)}" width="14" height="80" fill="#4A3222"/><rect x="${bx + 226}" y="${n(by - 72)}" width="14" height="80" fill="#4A3222"/>`,
  )
  gumTree(s, 1800, crest(1800) + 40, 820, ['#4E5B3A', '#606E47', '#434F33'])
  warmWash(s, 1260, 450, 0.35)
  vignette(s, 0.3)
}

function barrelHead(s: Svg, x: number, y: number, ry: number, stain: boolean) {
  const rx = ry * 0.62
  const clip = s.clip(`<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}"/>`)
  let staves = ''
  for (let k = -4; k <= 4; k++) staves += `M${n(x + (k * rx) / 4.5)} ${n(y - ry)}V${n(y + ry)}`
  s.add(
    `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="${s.radial(
      [
        [0, '#C18A55'],
        [1, '#7C5231'],
      ],
      x,
      y,
      ry,
    )}"/>` +
      `<g clip-path="${clip}"><path d="${staves}" stroke="#5E3D22" stroke-width="${n(Math.max(1, ry * 0.02))}" opacity="0.6"/>${stain ? `<rect x="${n(x - rx)}" y="${n(y - ry * 0.28)}" width="${n(rx * 2)}" height="${n(ry * 0.56)}" fill="${palette.red}" opacity="0.85"/>` : ''}</g>` +
      `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="none" stroke="#3A2616" stroke-width="${n(ry * 0.07)}"/><ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx * 0.82)}" ry="${n(ry * 0.82)}" fill="none" stroke="#4A3120" stroke-width="${n(ry * 0.025)}" opacity="0.7"/>` +
      `<circle cx="${n(x)}" cy="${n(y + ry * 0.5)}" r="${n(ry * 0.06)}" fill="#3A2616"/>`,
  )
}

function barrelRoom(s: Svg) {
  const r = s.r
  const vx = 960
  const vy = 520
  s.add(`<rect width="${W}" height="${H}" fill="#2B1C17"/>`)
  // The vault: arch ribs from far (lit) to near (dark).
  for (let k = 10; k >= 0; k--) {
    const sc = Math.pow(0.76, k)
    const hw = 1150 * sc
    const top = vy - 820 * sc
    const spring = vy + 150 * sc
    const light = Math.round(60 + (1 - sc) * 120)
    const fill = `rgb(${light + 60},${light + 25},${light})`
    s.add(
      `<path d="M${n(vx - hw)} ${n(vy + 700 * sc)}V${n(spring)}Q${n(vx - hw)} ${n(top)} ${n(vx)} ${n(top)}Q${n(vx + hw)} ${n(top)} ${n(vx + hw)} ${n(spring)}V${n(vy + 700 * sc)}" fill="none" stroke="${fill}" stroke-width="${n(60 * sc + 2)}"/>`,
    )
  }
  // Far doorway full of warm light.
  s.add(
    `<path d="M${vx - 70} ${vy + 110}V${vy - 10}A70 70 0 0 1 ${vx + 70} ${vy - 10}V${vy + 110}Z" fill="${s.linear([
      [0, '#FFE1A6'],
      [1, '#F2A452'],
    ])}"/>`,
  )
  s.add(
    `<circle cx="${vx}" cy="${vy + 20}" r="520" fill="${s.radial(
      [
        [0, '#FFC77A', 0.55],
        [1, '#FFC77A', 0],
      ],
      vx,
      vy + 20,
      520,
    )}"/>`,
  )
  // Floor.
  s.add(
    `<path d="M${vx - 80} ${vy + 110}H${vx + 80}L${W + 200} ${H}H-200Z" fill="${s.linear([
      [0, '#B08660'],
      [1, '#4A3222'],
    ])}"/>`,
  )
  let joints = ''
  for (let k = 1; k < 12; k++) {
    const y = vy + 110 + (H - vy - 110) * Math.pow(k / 12, 2)
    joints += `M0 ${n(y)}H${W}`
  }
  for (let k = -8; k <= 8; k++) joints += `M${vx + k * 10} ${vy + 110}L${vx + k * 260} ${H}`
  s.add(`<path d="${joints}" stroke="#3A2618" stroke-width="2" opacity="0.35"/>`)
  // Barrels on racks, two tiers a side, from far to near.
  for (let k = 12; k >= 0; k--) {
    const sc = Math.pow(0.8, k)
    for (const side of [-1, 1] as const) {
      const x = vx + side * (110 + 640 * sc)
      const ry = 150 * sc
      const ground = vy + 110 + (H + 20 - vy - 110) * sc
      s.add(`<rect x="${n(x - ry * 0.9)}" y="${n(ground - ry * 0.25)}" width="${n(ry * 1.8)}" height="${n(ry * 0.25)}" fill="#3E2818"/>`)
      barrelHead(s, x, ground - ry * 1.25, ry, k % 3 !== 1)
      barrelHead(s, x, ground - ry * 3.25, ry, k % 2 === 0)
    }
  }
  // Lamps hanging down the aisle.
  for (let k = 5; k >= 1; k--) {
    const sc = Math.pow(0.7, k)
    const y = vy - 420 * sc
    s.add(
      `<path d="M${vx} ${n(vy - 820 * sc)}V${n(y)}" stroke="#1E1410" stroke-width="${n(4 * sc + 1)}"/><circle cx="${vx}" cy="${n(y + 30 * sc)}" r="${n(240 * sc)}" fill="${s.radial(
        [
          [0, '#FFD58E', 0.6],
          [1, '#FFD58E', 0],
        ],
        vx,
        y + 30 * sc,
        240 * sc,
      )}"/><path d="M${n(vx - 40 * sc)} ${n(y + 30 * sc)}Q${vx} ${n(y - 20 * sc)} ${n(vx + 40 * sc)} ${n(y + 30 * sc)}Z" fill="#2A1C14"/><circle cx="${vx}" cy="${n(y + 34 * sc)}" r="${n(12 * sc)}" fill="#FFF0C8"/>`,
    )
  }
  grain(s, 300, '#E8B574', 0.12, 0, H, 2)
  vignette(s, 0.5)
  void r
}

const scenes: Record<string, (s: Svg) => void> = {
  'vineyard-hills': vineyardHills,
  'cellar-door': cellarDoor,
  'long-table': longTable,
  'balloon-sunrise': balloonSunrise,
  'town-main-street': townMainStreet,
  'wine-glass': wineGlassStill,
  'olive-grove': oliveGrove,
  'farmers-market': farmersMarket,
  'cottage-stay': cottageStay,
  'cycling-trail': cyclingTrail,
  lookout,
  'barrel-room': barrelRoom,
}

export const sceneNames = Object.keys(scenes)

/** The SVG of a named scene; the same name (and variant) always gives the same picture. */
export function sceneSvg(name: string, variant = 0): string {
  const draw = scenes[name]
  if (!draw) throw new Error(`No demo scene named ${name}`)
  const s = new Svg(rng(`${name}#${variant}`))
  draw(s)
  return s.toString()
}
