/**
 * Entry of a PDF worker thread while the server runs from its TypeScript sources (under tsx): loads
 * listings-pdf-worker.ts through tsx's own loader. (tsx's `--import` hooks do not reliably reach
 * a worker thread's imports on Node 20; tsImport does.) A server compiled to JavaScript starts
 * listings-pdf-worker.js instead.
 */
import { tsImport } from 'tsx/esm/api'

const worker = await tsImport('./listings-pdf-worker.ts', import.meta.url)

export default worker.default
