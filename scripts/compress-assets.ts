/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text asset of the
 * client build, so the server sends them compressed at no cost per request (server/app.ts serves
 * them by Accept-Encoding). A copy that would not be smaller is not written.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const clientDir = path.resolve(root, process.env.BUILD_DIR || 'build', 'client')
const TEXT = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest|map)$/

let before = 0
let afterBrotli = 0
let count = 0
const files = (await fs.readdir(clientDir, { recursive: true })).filter((file) => TEXT.test(file))
await Promise.all(
  files.map(async (file) => {
    const full = path.join(clientDir, file)
    const bytes = await fs.readFile(full)
    if (bytes.length < 1024) return
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzip(bytes, { level: 9 }),
    ])
    if (br.length < bytes.length) await fs.writeFile(`${full}.br`, br)
    if (gz.length < bytes.length) await fs.writeFile(`${full}.gz`, gz)
    if (!file.endsWith('.map')) {
      before += bytes.length
      afterBrotli += Math.min(br.length, bytes.length)
      count++
    }
  }),
)
console.log(
  `compressed ${count} client assets: ${Math.round(before / 1024)} KB -> ${Math.round(afterBrotli / 1024)} KB with brotli (.br and .gz beside each)`,
)
