import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { fileURLToPath } from 'node:url'

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url))

export default defineConfig({
  resolve: {
    alias: { '~': r('./app'), '#lib': r('./lib'), '#server': r('./server'), '#blocks': r('./blocks'), '#ui': r('./ui') },
  },
  // BUNDLE_SOURCEMAP=1: source maps for measuring what each chunk holds (not shipped otherwise).
  build: { sourcemap: process.env.BUNDLE_SOURCEMAP === '1' },
  plugins: [tailwindcss(), reactRouter()],
})
