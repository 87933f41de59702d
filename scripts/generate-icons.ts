/**
 * Writes the site's icons into public/ from the grape mark (the header's logo when a site has no
 * logo image): icon.svg, favicon.ico (16, 32 and 48 px), apple-touch-icon.png (180 px) and the web
 * manifest's icon-192.png and icon-512.png. The files are committed; run this again after changing
 * the mark: `npx tsx scripts/generate-icons.ts`. Every size is drawn from the SVG by sharp.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public')

const grapes =
  '<g fill="#FCF9F9"><circle cx="16" cy="17" r="3.2"/><circle cx="23" cy="17" r="3.2"/><circle cx="19.5" cy="22.5" r="3.2"/>' +
  '<circle cx="13" cy="22.5" r="2.6"/><circle cx="26" cy="22.5" r="2.6"/><circle cx="16.5" cy="28" r="2.8"/><circle cx="22.5" cy="28" r="2.8"/></g>' +
  '<path d="M19.5 13.5c0-3 1.5-5 4.5-6" stroke="#FCF9F9" stroke-width="1.6" fill="none" stroke-linecap="round"/>'

/** The round mark: browser tabs and the SVG icon. */
const round = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="20" fill="#981A31"/>${grapes}</svg>\n`
/** A full square: home screens cut their own shape out of it (and would fill transparent corners black). */
const square = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#981A31"/><g transform="translate(4 4) scale(0.8)">${grapes}</g></svg>\n`

const png = (svg: string, size: number) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 40 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer()

/** An .ico holding PNG images (read by every browser since Internet Explorer 9). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(images.length, 4)
  const entries: Buffer[] = []
  let offset = 6 + 16 * images.length
  for (const { size, data } of images) {
    const entry = Buffer.alloc(16)
    entry.writeUInt8(size >= 256 ? 0 : size, 0)
    entry.writeUInt8(size >= 256 ? 0 : size, 1)
    entry.writeUInt8(0, 2)
    entry.writeUInt8(0, 3)
    entry.writeUInt16LE(1, 4)
    entry.writeUInt16LE(32, 6)
    entry.writeUInt32LE(data.length, 8)
    entry.writeUInt32LE(offset, 12)
    offset += data.length
    entries.push(entry)
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)])
}

fs.mkdirSync(publicDir, { recursive: true })
const write = (name: string, data: string | Buffer) => {
  fs.writeFileSync(path.join(publicDir, name), data)
  console.log(`public/${name}: ${Buffer.byteLength(data)} bytes`)
}
write('icon.svg', round)
write('favicon.ico', ico(await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(round, size) })))))
write('apple-touch-icon.png', await png(square, 180))
write('icon-192.png', await png(square, 192))
write('icon-512.png', await png(square, 512))
