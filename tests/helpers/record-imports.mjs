// `node --import ./tests/helpers/record-imports.mjs`: appends the URL of every module the process
// loads to the file named by RECORD_IMPORTS_FILE, so a test can say what a server never loaded.
import { register } from 'node:module'

register('./record-imports-hooks.mjs', import.meta.url, { data: { file: process.env.RECORD_IMPORTS_FILE } })
