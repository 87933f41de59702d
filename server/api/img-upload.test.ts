import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInToken } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'

let t: TestApp
let token: string

beforeAll(async () => {
  t = await createTestApp()
  token = await signInToken(t, { username: 'uploader', password: 'upload-password' })
})
afterAll(() => t?.close())

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#981A31' } })
    .png()
    .toBuffer()

function upload(file: Blob | string, headers: Record<string, string> = {}, field = 'file') {
  const form = new FormData()
  form.append(field, file instanceof Blob ? file : new Blob([file]), 'vines.png')
  form.append('alt', 'Red square')
  return t.app.request('/img/upload', { method: 'POST', body: form, headers })
}

describe('POST /img/upload', () => {
  it('stores an editor’s image, which is then served by id', async () => {
    const res = await upload(new Blob([new Uint8Array(await png())], { type: 'image/png' }), { authorization: `Bearer ${token}` })
    expect(res.status).toBe(200)
    const saved = await res.json()
    expect(saved).toMatchObject({ width: 64, height: 48, alt: 'Red square' })
    // The editor gets the exact size asked for (visitors get the width ladder: img-visitor.test.ts).
    const served = await t.app.request(`/img/${saved.id ?? saved._id}?w=32&f=png`, { headers: { authorization: `Bearer ${token}` } })
    expect(served.status).toBe(200)
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(32)
  })

  it('refuses an anonymous caller', async () => {
    const res = await upload(new Blob([new Uint8Array(await png())], { type: 'image/png' }))
    expect(res.status).toBe(401)
  })

  it('refuses a file that is not an image with 415', async () => {
    const res = await upload(new Blob(['just text'], { type: 'text/plain' }), { authorization: `Bearer ${token}` })
    expect(res.status).toBe(415)
    expect((await res.json()).error.code).toBe('unsupported_media_type')
  })

  it('refuses a missing file field and a non-multipart body with 400', async () => {
    expect((await upload(new Blob([new Uint8Array(await png())]), { authorization: `Bearer ${token}` }, 'picture')).status).toBe(400)
    const json = await t.app.request('/img/upload', {
      method: 'POST',
      body: '{}',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    })
    expect(json.status).toBe(400)
  })

  it('refuses more than 20 MB with 413 before storing anything', async () => {
    const big = new Blob([new Uint8Array(21 * 1024 * 1024)], { type: 'image/png' })
    const res = await upload(big, { authorization: `Bearer ${token}` })
    expect(res.status).toBe(413)
  })
})
