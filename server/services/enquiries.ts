import { randomUUID } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import {
  addDays,
  checkEnquiry,
  emptyConciergeSettings,
  isEmailAddress,
  isoDate,
  summaryHtml,
  summaryText,
  type ConciergeSettings,
  type Enquiry,
} from '#lib/concierge'
import { LOCALES, type LocaleCode } from '#lib/locales'
import { texts } from '#lib/texts'
import { z } from 'zod'
import type { Db } from '../db/client.ts'
import { conciergeSettings, enquiries, mailOutbox } from '../db/schema.ts'
import type { Mailer } from '../integrations/mail/mailer.ts'
import { invalidInput } from './errors.ts'
import type { RateLimits } from './rate-limit.ts'
import type { PublicUser } from './users.ts'

const t = texts.concierge

export const conciergeSettingsSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === '' || isEmailAddress(v), { message: t.wrongEmail }),
  ccs: z
    .array(
      z
        .string()
        .trim()
        .max(254)
        .refine((v) => v === '' || isEmailAddress(v), { message: t.wrongEmail }),
    )
    .max(20)
    .default(['']),
})

export interface EnquiryOptions {
  /** Enquiries accepted per client address per hour (spam protection a person never meets), in the shared store. */
  limits: Pick<RateLimits, 'enquiryFrom'>
}

export interface SubmitInput {
  data: unknown
  /** The honeypot field: people never see it, so anything in it came from a robot. */
  honeypot?: string | undefined
  /**
   * The language of the page the visitor wrote from, named in the mail; absent on a site in one
   * language (its visitor centre needs no telling).
   */
  language?: LocaleCode | undefined
}

export interface SubmitResult {
  /** The stored enquiry's id; null when the honeypot caught a robot (nothing stored or sent). */
  id: string | null
  message: string
}

/**
 * The concierge enquiry (spec 02 §2.6, §3.3, §8): its settings per domain, and submissions that
 * are validated with the shared schema, STORED, and then e-mailed through the outbox mailer (which
 * keeps and retries a message the mail server did not take), so an enquiry is never lost. The
 * visitor is answered once the enquiry and its e-mail are stored; delivery runs in the background.
 */
export function createEnquiryService(db: Db, mailer: Mailer, options: EnquiryOptions) {
  /** The domain's settings, or null when none were saved (spec 01 §7: 'or nothing'). */
  async function loadSettings(domainId: string): Promise<ConciergeSettings | null> {
    const [row] = await db.select().from(conciergeSettings).where(eq(conciergeSettings.domainId, domainId)).limit(1)
    if (!row) return null
    return { email: row.email, ccs: row.ccs.length ? row.ccs : [''] }
  }

  async function saveSettings(domainId: string, input: unknown, user?: PublicUser | null): Promise<ConciergeSettings> {
    const parsed = conciergeSettingsSchema.safeParse(input ?? {})
    if (!parsed.success) {
      throw invalidInput(
        'The concierge form settings are invalid',
        parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
      )
    }
    const { email } = parsed.data
    const ccs = parsed.data.ccs.length ? parsed.data.ccs : emptyConciergeSettings().ccs
    const now = new Date()
    await db
      .insert(conciergeSettings)
      .values({ domainId, email, ccs, updatedBy: user?.username ?? null, updatedAt: now })
      .onConflictDoUpdate({ target: conciergeSettings.domainId, set: { email, ccs, updatedBy: user?.username ?? null, updatedAt: now } })
    return { email, ccs }
  }

  const limit = (ip: string) => options.limits.enquiryFrom(ip, t.failure)

  /**
   * Validates and stores an enquiry, and queues its e-mail: the answer does not wait for the mail
   * server (the first attempt and the retries run in the background). The summary is built here
   * from the validated data (a client's own HTML is never mailed). A robot that filled the
   * honeypot gets the same answer as a person, and nothing is stored or sent.
   */
  async function submit(domainId: string, input: SubmitInput, client: { ip: string; now?: Date }): Promise<SubmitResult> {
    await limit(client.ip)
    if (input.honeypot && input.honeypot.trim() !== '') return { id: null, message: t.success }
    // The visitor's "today" may be a day ahead of the server's: accept from the day before.
    const today = addDays(isoDate(client.now ?? new Date()), -1)
    const checked = checkEnquiry(input.data, today)
    if (!checked.ok)
      throw invalidInput(
        t.failure,
        checked.issues.map((i) => ({ path: `data.${i.field}`, message: i.message })),
      )
    const data: Enquiry = checked.data
    const id = randomUUID()
    const name = `${data.firstName} ${data.surname}`.trim()
    await db.insert(enquiries).values({ id, domainId, name, email: data.email, data, language: input.language ?? null })

    const language = input.language ? LOCALES[input.language].englishName : undefined
    const settings = await loadSettings(domainId)
    const recipients = [settings?.email ?? '', ...(settings?.ccs ?? [])]
      .map((a) => a.trim())
      .filter((a, i, all) => a && all.indexOf(a) === i)
    if (recipients.length) {
      const { id: mailId } = await mailer.queue({
        to: recipients.join(', '),
        subject: t.emailSubject(name),
        text: summaryText(data, language),
        html: summaryHtml(data, language),
      })
      await db.update(enquiries).set({ mailId }).where(eq(enquiries.id, id))
    }
    return { id, message: t.success }
  }

  /** The newest enquiries of a domain with the state of their e-mail (editors only). */
  async function list(domainId: string, max = 100) {
    const rows = await db
      .select({
        id: enquiries.id,
        name: enquiries.name,
        email: enquiries.email,
        data: enquiries.data,
        language: enquiries.language,
        createdAt: enquiries.createdAt,
        mailStatus: mailOutbox.status,
      })
      .from(enquiries)
      .leftJoin(mailOutbox, eq(mailOutbox.id, enquiries.mailId))
      .where(eq(enquiries.domainId, domainId))
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(max)
    return rows.map((r) => ({
      _id: r.id,
      name: r.name,
      email: r.email,
      data: r.data,
      language: r.language,
      createdAt: r.createdAt.toISOString(),
      mailStatus: r.mailStatus ?? 'none',
    }))
  }

  return { loadSettings, saveSettings, submit, list }
}

export type EnquiryService = ReturnType<typeof createEnquiryService>
