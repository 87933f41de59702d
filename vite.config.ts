import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'
import { fileURLToPath } from 'node:url'

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url))

/**
 * Modules with a browser twin on the browser's own HTML parser: the client build gets
 * lib/<name>.browser.ts for '#lib/<name>' (decision 029). lib/sanitize.ts without sanitize-html's
 * ~100 kB gzip; lib/html-text.ts without htmlparser2's entity tables. The server's build keeps the
 * libraries. (The '#lib' alias has already made the import a path when this sees it.)
 */
const BROWSER_TWINS = ['sanitize', 'html-text']

function browserTwins(): Plugin {
  const twins = new Map<string, string>()
  for (const name of BROWSER_TWINS) {
    const browser = r(`./lib/${name}.browser.ts`)
    twins.set(`#lib/${name}`, browser)
    twins.set(r(`./lib/${name}`), browser)
  }
  return {
    name: 'browser-twins',
    enforce: 'pre',
    resolveId(id, _importer, options) {
      if (options?.ssr) return null
      return twins.get(id.replace(/\.ts$/, '')) ?? null
    },
  }
}

export default defineConfig({
  resolve: {
    alias: { '~': r('./app'), '#lib': r('./lib'), '#server': r('./server'), '#blocks': r('./blocks'), '#ui': r('./ui') },
  },
  // BUNDLE_SOURCEMAP=1: source maps for measuring what each chunk holds (not shipped otherwise).
  build: { sourcemap: process.env.BUNDLE_SOURCEMAP === '1' },
  plugins: [browserTwins(), tailwindcss(), reactRouter()],
})
