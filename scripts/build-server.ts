/**
 * Compiles the server (server/main.ts and everything it imports from server/, lib/ and the block
 * declarations) to plain JavaScript in <BUILD_DIR>/node, so production runs `node build/node/main.js`
 * with no TypeScript loader in the process. Packages stay external (node_modules is there at run
 * time); our own code is bundled, and dynamic imports (the demo's fakes and seed, Vite in
 * development) stay separate chunks that load only when used.
 *
 * Files the server reads beside itself travel with it: the SQL migrations, and the PDF worker
 * thread's entry, which piscina starts by file name.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outdir = path.resolve(root, process.env.BUILD_DIR || 'build', 'node')

/** Entries started by file name: the server, and each worker-thread script it spawns. */
const entryPoints = {
  main: 'server/main.ts',
  // The PDF worker pool starts `listings-pdf-worker.js` beside the compiled pool code.
  'listings-pdf-worker': await findOne('listings-pdf-worker.ts'),
}

// A fresh folder, except for the test helper's rebuilds (--keep): a server started from it earlier
// may still be running and load a chunk later.
if (!process.argv.includes('--keep')) await fs.rm(outdir, { recursive: true, force: true })
const started = performance.now()
const result = await build({
  absWorkingDir: root,
  entryPoints,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  jsx: 'automatic',
  // TypeScript's order (.ts before .tsx): `./card` is card.ts even beside a Card.tsx.
  resolveExtensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
  sourcemap: true,
  // Chunks sit beside main.js: code that finds files next to itself (migrations, the worker) must
  // resolve to the same folder wherever the bundler put it.
  chunkNames: '[name]-[hash]',
  metafile: true,
  logLevel: 'warning',
})
await fs.cp(path.join(root, 'server/db/migrations'), path.join(outdir, 'migrations'), { recursive: true })

const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, output]) => sum + output.bytes, 0)
console.log(
  `server compiled to ${path.relative(root, outdir)}/ in ${Math.round(performance.now() - started)} ms (${Math.round(bytes / 1024)} KB of JavaScript)`,
)

/** Where a uniquely named source file lives (so moving it between feature folders needs no edit here). */
async function findOne(name: string): Promise<string> {
  const found: string[] = []
  for (const folder of ['server', 'lib', 'listings', 'blocks']) {
    const files = await fs.readdir(path.join(root, folder), { recursive: true }).catch(() => [])
    for (const file of files) if (path.basename(file) === name) found.push(path.join(folder, file))
  }
  if (found.length !== 1) throw new Error(`expected exactly one ${name}, found ${found.length}: ${found.join(', ')}`)
  return found[0]!
}
