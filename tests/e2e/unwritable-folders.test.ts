/**
 * Issue 13: folders the server writes to. One that cannot be written at start stops the server with
 * a message naming it (not an unreadable error later); one that stops being writable while the
 * server runs turns /health to 503, pictures are still served (uncached), and an upload gets a
 * clear 503 instead of a generic 500.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { createEditorCli } from '../helpers/cli.ts'
import { childEnv, freePort, projectRoot, startProductionServer, type RunningServer } from '../helpers/server.ts'

let server: RunningServer | undefined
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'unwritable-'))
afterAll(async () => {
  await server?.stop()
  fs.rmSync(scratch, { recursive: true, force: true })
})

/** Replaces a folder by a plain file: nothing can be written below it any more (as root too). */
function breakFolder(folder: string) {
  fs.rmSync(folder, { recursive: true, force: true })
  fs.writeFileSync(folder, 'not a folder')
}

describe('folders the server cannot write', () => {
  it('at start: the server refuses with a message naming the folder', async () => {
    const blocker = path.join(scratch, 'blocker')
    fs.writeFileSync(blocker, '')
    const port = await freePort()
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: projectRoot,
      env: childEnv({
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(scratch, 'data'),
        IMAGE_CACHE_DIR: path.join(blocker, 'img'),
        DATABASE_URL: '',
        BASE_URL: `http://127.0.0.1:${port}`,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1)
    expect(output).toContain(`The image cache folder ${path.join(blocker, 'img')} cannot be written (ENOTDIR)`)
  })

  it('while running: /health answers 503 naming it, pictures are still served, uploads get a clear 503', async () => {
    // The demo's usual catalogue: its prepared copy is shared with the other files' servers.
    server = await startProductionServer()
    const { baseUrl, dataDir } = server
    const created = await createEditorCli(
      { username: 'folders-admin', email: 'folders@example.com', password: 'folders-pass-1', roles: ['admin'] },
      { DATA_DIR: dataDir, DATABASE_URL: '' },
    )
    expect(created.code, created.stderr).toBe(0)
    const picture = /(\/img\/[^"' ,]+)/.exec(await (await fetch(`${baseUrl}/`)).text())?.[1]?.replaceAll('&amp;', '&')
    expect(picture, 'the home page shows a picture').toBeTruthy()

    breakFolder(path.join(dataDir, 'cache', 'img'))
    const health = await fetch(`${baseUrl}/health`)
    expect(health.status).toBe(503)
    expect(await health.json()).toMatchObject({
      status: 'error',
      folders: { imageCache: { status: 'not_writable' }, media: { status: 'ok' } },
    })
    const image = await fetch(`${baseUrl}${picture}`, { headers: { accept: 'image/webp' } })
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toMatch(/^image\//)
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(100)

    breakFolder(path.join(dataDir, 'media'))
    const login = await fetch(`${baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'folders-admin', password: 'folders-pass-1' }),
    })
    const { token } = (await login.json()) as { token: string }
    const form = new FormData()
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#981a31' } })
      .png()
      .toBuffer()
    form.append('file', new Blob([png], { type: 'image/png' }), 'upload.png')
    const upload = await fetch(`${baseUrl}/img/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
    expect(upload.status).toBe(503)
    expect(await upload.json()).toMatchObject({
      error: { code: 'unavailable', message: expect.stringContaining('media folder cannot be written') },
    })
  })
})
