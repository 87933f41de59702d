import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const rendererModule = new URL('./react-renderer.ts', import.meta.url).href

/**
 * Renders a page with React's Node renderer in a fresh process, then reports whether async hooks
 * are on: with them, a promise callback runs under an async id; without, under 0.
 */
async function renderAndProbe(withRenderStorage: boolean) {
  const script = `
    import { executionAsyncId } from 'node:async_hooks'
    import { PassThrough } from 'node:stream'
    import { loadReactRendererWithoutAsyncHooks } from '${rendererModule}'
    if (${withRenderStorage}) loadReactRendererWithoutAsyncHooks(${JSON.stringify(fileURLToPath(import.meta.url))})
    const { renderToPipeableStream } = await import('react-dom/server')
    const { createElement } = await import('react')
    const html = await new Promise((resolve, reject) => {
      const stream = renderToPipeableStream(createElement('p', null, 'Tanunda'), {
        onAllReady() {
          const out = new PassThrough()
          let text = ''
          out.on('data', (chunk) => (text += chunk))
          out.on('end', () => resolve(text))
          stream.pipe(out)
        },
        onShellError: reject,
      })
    })
    const probe = () => new Promise((resolve) => setImmediate(() => Promise.resolve().then(() => resolve(executionAsyncId()))))
    console.log(JSON.stringify({ html, asyncId: await probe() }))
  `
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: process.cwd() })
  return JSON.parse(stdout.trim().split('\n').pop()!) as { html: string; asyncId: number }
}

describe("React's server renderer", () => {
  const nodeMajor = Number(process.versions.node.split('.')[0])
  it('loaded as it is, turns Node async hooks on for the whole process after one render (before Node 24)', async () => {
    const plain = await renderAndProbe(false)
    expect(plain.html).toBe('<p>Tanunda</p>')
    expect(plain.asyncId !== 0).toBe(nodeMajor < 24)
  })

  it('renders the same and leaves async hooks off when loaded through loadReactRendererWithoutAsyncHooks', async () => {
    const loaded = await renderAndProbe(true)
    expect(loaded.html).toBe('<p>Tanunda</p>')
    expect(loaded.asyncId).toBe(0)
  })
})
