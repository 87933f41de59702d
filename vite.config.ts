import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'
import { fileURLToPath } from 'node:url'

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url))

/**
 * The browser's build gets lib/sanitize.browser.ts for '#lib/sanitize' (decision 029): the same rules
 * on the browser's HTML parser, without sanitize-html's ~100 kB gzip. The server's build keeps
 * sanitize-html. (The '#lib' alias has already made the import a path when this sees it.)
 */
function browserSanitize(): Plugin {
  const server = r('./lib/sanitize')
  return {
    name: 'browser-sanitize',
    enforce: 'pre',
    resolveId(id, _importer, options) {
      if (options?.ssr) return null
      const bare = id.replace(/\.ts$/, '')
      return bare === '#lib/sanitize' || bare === server ? r('./lib/sanitize.browser.ts') : null
    },
  }
}

export default defineConfig({
  resolve: {
    alias: { '~': r('./app'), '#lib': r('./lib'), '#server': r('./server'), '#blocks': r('./blocks'), '#ui': r('./ui') },
  },
  // BUNDLE_SOURCEMAP=1: source maps for measuring what each chunk holds (not shipped otherwise).
  build: { sourcemap: process.env.BUNDLE_SOURCEMAP === '1' },
  plugins: [browserSanitize(), tailwindcss(), reactRouter()],
})
