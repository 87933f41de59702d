import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { texts } from '#lib/texts'
import { conciergeFormRouter } from './conciergeForm.ts'
import { signIn, visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { declaredAnswer, expectDeclared } from '../../tests/helpers/declared.ts'
import { freePort } from '../../tests/helpers/server.ts'
import { startSmtpServer } from '../../tests/helpers/smtp.ts'

/**
 * The concierge enquiry through the API: settings (editor-only), validation per field with the
 * shared schema, the enquiry stored before it is e-mailed (a mail server that is down loses
 * nothing), the HTML summary, the honeypot and the per-address limit.
 */
const c = texts.concierge
let t: TestApp
let editor: Caller
let anonymous: Caller
let smtpPort: number

const valid = {
  firstName: 'Jane',
  surname: 'Citizen',
  email: 'jane@example.com',
  phone: '0400 000 000',
  preferredContact: 'Email',
  numOfPeople: 2,
  numOfChildren: 0,
  activities: ['Golf', 'Spas'],
  budgetPerNight: 250,
  comments: 'Is <script>alert(1)</script> & co. nearby?',
}

beforeAll(async () => {
  smtpPort = await freePort()
  // Nobody listens on smtpPort yet: the mail server is "down" until a test starts it.
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, RATE_LIMIT_ENQUIRY: '8', TRUST_PROXY: 'true' } })
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  editor = await signIn(t, { username: 'concierge-editor', password: 'concierge-password' })
  anonymous = visitor(t)
})
afterAll(() => t?.close())

/** Posts an enquiry as a visitor from an address (the limit is per address; TRUST_PROXY is on here). */
const submit = (data: unknown, extra: Record<string, unknown> = {}, ip = '10.0.0.1') =>
  t.app.request('/api/conciergeForm/submit', {
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ data, content: '<p>ignored</p>', ...extra }),
  })
let caseNo = 0

describe('settings', () => {
  it('answers null before anything is saved, then the saved address and copies', async () => {
    expect(await (await editor.get('/api/conciergeForm/loadConciergeForm')).json()).toBeNull()
    const res = await editor.post('/api/conciergeForm/saveConciergeForm', {
      conciergeForm: { email: 'concierge@barossa.example', ccs: ['desk@barossa.example', ''] },
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { message: string }).message).toBe(texts.toasts.conciergeSaved)
    expect(await (await editor.get('/api/conciergeForm/loadConciergeForm')).json()).toEqual({
      email: 'concierge@barossa.example',
      ccs: ['desk@barossa.example', ''],
    })
  })

  it('refuses a malformed address with 400 and visitors with 401', async () => {
    expect(
      (await editor.post('/api/conciergeForm/saveConciergeForm', { conciergeForm: { email: 'not-an-address', ccs: [] } })).status,
    ).toBe(400)
    expect((await anonymous.post('/api/conciergeForm/saveConciergeForm', { conciergeForm: { email: 'a@b.c', ccs: [] } })).status).toBe(401)
    expect((await anonymous.get('/api/conciergeForm/loadConciergeForm')).status).toBe(401)
    expect((await anonymous.get('/api/conciergeForm/enquiries')).status).toBe(401)
  })
})

describe('validation (spec 02 §5)', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['a missing first name', { firstName: '' }, 'firstName', c.required],
    ['a blank surname', { surname: '   ' }, 'surname', c.required],
    ['a missing e-mail', { email: '' }, 'email', c.required],
    ['a malformed e-mail', { email: 'jane@' }, 'email', c.wrongEmail],
    ['a missing phone', { phone: '' }, 'phone', c.required],
    ['no people', { numOfPeople: 0 }, 'numOfPeople', c.minPeople],
    ['negative children', { numOfChildren: -1 }, 'numOfChildren', c.minChildren],
    ['a negative budget', { budgetPerNight: -5 }, 'budgetPerNight', c.budgetInvalid],
    ['an unknown activity', { activities: ['Skydiving'] }, 'activities', ''],
    [
      'a check-in date of today without a month',
      { checkInDate: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10) },
      'checkInDate',
      '',
    ],
  ]
  it.each(cases)('refuses %s with 400, the spec failure text and the field', async (_, change, field, message) => {
    const res = await submit({ ...valid, ...change }, {}, `10.1.0.${++caseNo}`)
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: { message: string; details: { path: string; message: string }[] } }
    expect(body.error.message).toBe(c.failure)
    const issue = body.error.details.find((d) => d.path === `data.${field}`)
    expect(issue, JSON.stringify(body.error.details)).toBeTruthy()
    if (message) expect(issue!.message).toBe(message)
  })

  it('refuses a check-in date outside the chosen month', async () => {
    const res = await submit({ ...valid, monthToVisit: 'March', checkInDate: '2099-04-02' }, {}, '10.1.1.1')
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: { details: { path: string; message: string }[] } }
    expect(body.error.details[0]).toMatchObject({
      path: 'data.checkInDate',
      message: expect.stringMatching(/^Please choose a date from 01\/03\/\d{4} to 31\/03\/\d{4}\.$/),
    })
  })
})

describe('submitting', () => {
  it('stores the enquiry first, so a mail server that is down loses nothing; the retry delivers it', async () => {
    const res = await submit(valid)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: c.success })
    const [stored] = await t.services.enquiries.list('main')
    expect(stored).toMatchObject({ name: 'Jane Citizen', email: 'jane@example.com', mailStatus: 'pending', language: null })
    // The first attempt runs in the background; once it has failed the message waits in the outbox.
    await t.services.mailer.idle()
    expect((await t.services.mailer.recent(1))[0]).toMatchObject({
      subject: 'Concierge enquiry from Jane Citizen',
      status: 'pending',
      attempts: 1,
    })

    const smtp = await startSmtpServer(smtpPort)
    try {
      // Retries back off (MAIL_RETRY_SECONDS, doubling): not yet at once, but after the wait.
      expect(await t.services.mailer.retryPending()).toBe(0)
      expect(await t.services.mailer.retryPending(Date.now() + 60_000)).toBe(1)
      const mail = await smtp.waitFor('concierge@barossa.example')
      expect(mail.to).toEqual(['concierge@barossa.example', 'desk@barossa.example'])
      expect(mail.raw).toMatch(/^Subject: Concierge enquiry from Jane Citizen/m)
      const html = mail.text.slice(mail.text.indexOf('Content-Type: text/html'))
      expect(html).toContain('<p><strong>')
      expect(html).toContain('<strong>First Name:</strong> Jane</p>')
      expect(html).toContain('<strong>Activities:</strong> Golf, Spas</p>')
      expect(html).toContain('<strong>Budget per night:</strong> A$ 250</p>')
      expect(html).toContain('<strong>Number of children (under 18):</strong> 0</p>')
      expect(html).toContain('<strong>Room types:</strong> N/A</p>')
      // A site in English only: its visitor centre is not told a language.
      expect(html).not.toContain(c.emailLanguage)
      // What the visitor typed is escaped, never markup; the client's own HTML is not used.
      expect(html).toContain('Is &lt;script&gt;alert(1)&lt;/script&gt; &amp; co. nearby?')
      expect(html).not.toContain('<script>')
      expect(html).not.toContain('ignored')
      expect((await t.services.enquiries.list('main'))[0]).toMatchObject({ mailStatus: 'sent' })

      // With the server up, the next one goes out at once.
      expect((await submit({ ...valid, firstName: 'Sam' })).status).toBe(200)
      expect((await smtp.waitFor('concierge@barossa.example')).raw).toMatch(/^Subject: Concierge enquiry from Sam Citizen/m)
    } finally {
      await smtp.close()
    }
  })

  it('answers the visitor as soon as the enquiry is stored, while the mail server does not answer; the e-mail follows', async () => {
    // A mail server that accepts connections and never says a word (nodemailer waits 30 s for a greeting).
    const sockets = new Set<net.Socket>()
    const silent = net.createServer((socket) => void sockets.add(socket))
    await new Promise<void>((resolve) => silent.listen(smtpPort, '127.0.0.1', resolve))
    let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined
    try {
      const started = Date.now()
      const res = await submit({ ...valid, firstName: 'Quick' }, {}, '10.4.0.1')
      expect(res.status).toBe(200)
      expect(Date.now() - started).toBeLessThan(5000)
      expect(await res.json()).toEqual({ message: c.success })
      // Stored, and listed for editors as waiting to be sent.
      expect((await t.services.enquiries.list('main'))[0]).toMatchObject({ name: 'Quick Citizen', mailStatus: 'pending' })

      // The mail server hangs up; the background attempt fails and the message stays in the outbox.
      await new Promise<void>((resolve) => {
        silent.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      })
      await t.services.mailer.idle()
      expect((await t.services.mailer.recent(1))[0]).toMatchObject({
        subject: 'Concierge enquiry from Quick Citizen',
        status: 'pending',
        attempts: 1,
      })

      // A working mail server on the same port: the retry delivers it.
      smtp = await startSmtpServer(smtpPort)
      expect(await t.services.mailer.retryPending(Date.now() + 120_000)).toBe(1)
      expect((await smtp.waitFor('concierge@barossa.example')).raw).toMatch(/^Subject: Concierge enquiry from Quick Citizen/m)
      expect((await t.services.enquiries.list('main'))[0]).toMatchObject({ name: 'Quick Citizen', mailStatus: 'sent' })
    } finally {
      if (silent.listening) silent.close()
      await smtp?.close()
    }
  })

  it('editors see received enquiries, newest first', async () => {
    const res = await editor.get('/api/conciergeForm/enquiries')
    expect(res.status).toBe(200)
    const list = (await res.json()) as { name: string; data: { activities: string[] } }[]
    expect(list.map((e) => e.name)).toEqual(['Quick Citizen', 'Sam Citizen', 'Jane Citizen'])
    expect(list[2]!.data.activities).toEqual(['Golf', 'Spas'])
    // As the route declares them: the editor's list is typed by that declaration.
    expectDeclared(declaredAnswer(conciergeFormRouter, 'get', '/enquiries'), list)
  })

  it('answers a filled honeypot like a success but stores and sends nothing', async () => {
    const before = (await t.services.enquiries.list('main')).length
    const res = await submit({ ...valid, firstName: 'Robot' }, { website: 'http://spam.example' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: c.success })
    expect((await t.services.enquiries.list('main')).length).toBe(before)
    expect((await t.services.mailer.recent(50)).some((m) => m.subject.includes('Robot'))).toBe(false)
  })

  it('limits enquiries per client address (429 with the failure text)', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 9; i++) statuses.push((await submit({ ...valid, firstName: `Visitor${i}` }, {}, '10.3.0.1')).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429])
    // Another address is not affected.
    expect((await submit(valid, {}, '10.3.0.2')).status).toBe(200)
    const res = await submit(valid, {}, '10.3.0.1')
    expect(res.status).toBe(429)
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(c.failure)
  })
})

describe('on a site in several languages (issue 33)', () => {
  const centre = 'centre@languages.example'
  const host = 'languages.localhost'
  beforeAll(async () => {
    await t.services.domains.upsert({
      _id: 'languages',
      name: 'Languages',
      hostnames: [host],
      published: true,
      languages: { default: 'en-AU', others: ['de', 'zh-Hans'] },
    })
    await t.services.enquiries.saveSettings('languages', { email: centre, ccs: [''] })
  })

  const send = (firstName: string, ip: string, extra: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.request('/api/conciergeForm/submit', {
      method: 'POST',
      headers: { host, 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
      body: JSON.stringify({ data: { ...valid, firstName }, ...extra }),
    })
  const languageLine = (mail: { text: string }) =>
    mail.text.slice(mail.text.indexOf('Content-Type: text/html')).match(new RegExp(`<strong>${c.emailLanguage}:</strong> ([^<]*)</p>`))?.[1]

  it("the mail tells the visitor centre the visitor's language: the form's page's, else the Referer's, else the default", async () => {
    const smtp = await startSmtpServer(smtpPort)
    try {
      const cases: [string, Record<string, unknown>, Record<string, string>, string][] = [
        ['Greta', { locale: 'de' }, {}, 'German'],
        ['Li', { locale: 'zh-Hans' }, {}, 'Chinese (Simplified)'],
        // A form that does not say (loaded before it did): the address it was sent from.
        ['Hans', {}, { referer: `http://${host}/de/plan-your-visit` }, 'German'],
        ['Wei', {}, { referer: `http://${host}/zh-hans/plan-your-visit` }, 'Chinese (Simplified)'],
        ['Ava', { locale: 'en-AU' }, { referer: `http://${host}/plan-your-visit` }, 'English'],
        // A language the site does not offer is not taken at its word.
        ['Lucie', { locale: 'fr' }, {}, 'English'],
      ]
      for (const [i, [firstName, extra, headers, language]] of cases.entries()) {
        expect((await send(firstName, `10.6.0.${i + 1}`, extra, headers)).status).toBe(200)
        const mail = await smtp.waitFor(centre)
        expect(mail.raw).toMatch(new RegExp(`^Subject: Concierge enquiry from ${firstName} Citizen`, 'm'))
        expect(languageLine(mail), firstName).toBe(language)
        // In the plain text too, right after the introduction.
        expect(mail.text).toContain(`${c.emailIntro}\r\n\r\n${c.emailLanguage}: ${language}\r\n${c.labels.firstName}: ${firstName}`)
      }
      // Kept with the enquiry too, for the editors' list of received enquiries.
      const stored = await t.services.enquiries.list('languages')
      expect(Object.fromEntries(stored.map((e) => [e.name.split(' ')[0], e.language]))).toEqual({
        Greta: 'de',
        Li: 'zh-Hans',
        Hans: 'de',
        Wei: 'zh-Hans',
        Ava: 'en-AU',
        Lucie: 'en-AU',
      })
    } finally {
      await smtp.close()
    }
  })
})
