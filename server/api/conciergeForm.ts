import { createRoute, z } from '@hono/zod-openapi'
import { texts } from '#lib/texts'
import { domainLanguagesOf, offeredLocales, splitLocalePath, type DomainLanguages, type LocaleCode } from '#lib/locales'
import { editorRoute } from './access.ts'
import { clientIp } from './client.ts'
import { createRouter, domainIdOf } from './context.ts'
import { domainIdParam, errorResponses, errorSchema, json } from './schemas.ts'

const settingsSchema = z.object({ email: z.string(), ccs: z.array(z.string()) }).openapi('ConciergeFormSettings')
const editorErrors = { 401: json(errorSchema, 'Not signed in'), ...errorResponses }

const loadConciergeForm = editorRoute({
  method: 'get',
  path: '/loadConciergeForm',
  summary: "The domain's concierge form settings, or null when none were saved",
  request: { query: z.object({ domainId: domainIdParam }) },
  responses: { 200: json(settingsSchema.nullable(), 'Settings or null'), ...editorErrors },
})

const saveConciergeForm = editorRoute({
  method: 'post',
  path: '/saveConciergeForm',
  summary: 'Save where concierge enquiries are e-mailed (the address and copies)',
  request: {
    body: {
      content: {
        'application/json': {
          schema: z.object({
            conciergeForm: z.object({ email: z.string().max(254), ccs: z.array(z.string().max(254)).max(20).default(['']) }),
            domainId: domainIdParam,
          }),
        },
      },
      required: true,
    },
  },
  responses: { 200: json(settingsSchema.extend({ message: z.string() }), 'Saved'), ...editorErrors },
})

const submit = createRoute({
  method: 'post',
  path: '/submit',
  summary: 'Send a concierge enquiry: validated, stored, then e-mailed to the configured address and copies',
  description:
    "data holds every enquiry field. locale is the language of the page the form is on (the Referer's address prefix when absent); on a site in several languages the mail names it. content (the client's HTML summary, spec 02 §7) is accepted but not used: the server builds the summary from the validated data. website is a honeypot that people never see.",
  request: {
    body: {
      content: {
        'application/json': {
          schema: z.object({
            data: z.object({}).catchall(z.unknown()),
            content: z.string().max(100_000).optional(),
            website: z.string().max(2000).optional(),
            locale: z.string().max(20).optional(),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: json(z.object({ message: z.string() }), texts.concierge.success),
    429: json(errorSchema, 'Too many enquiries from this address'),
    ...errorResponses,
  },
})

/** A received enquiry as the editors' list shows it: the form's fields as the visitor sent them (stored as sent). */
const receivedEnquiry = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    data: z.record(z.string(), z.unknown()),
    language: z.string().nullable().openapi({ description: "The language of the visitor's page; null on a site in one language" }),
    createdAt: z.string(),
    mailStatus: z
      .string()
      .openapi({ description: "The e-mail's state in the outbox ('pending', 'sent', 'failed'), 'none' when no address was set" }),
  })
  .openapi('ReceivedEnquiry')

const listEnquiries = editorRoute({
  method: 'get',
  path: '/enquiries',
  summary: 'The newest received enquiries with the state of their e-mail',
  request: { query: z.object({ domainId: domainIdParam }) },
  responses: { 200: json(z.array(receivedEnquiry), 'Enquiries, newest first'), ...editorErrors },
})

/**
 * The language the visitor wrote in: the form's page's language when the domain offers it, else
 * that of the page the Referer names (a form loaded before the form sent its language), else the default.
 */
function enquiryLanguage(languages: DomainLanguages, locale: string | undefined, referer: string | undefined): LocaleCode {
  const offered = offeredLocales(languages).find((code) => code === locale)
  if (offered) return offered
  let page = '/'
  try {
    page = new URL(referer ?? '/', 'http://x').pathname
  } catch {
    // No readable page: the domain's default language.
  }
  return splitLocalePath(page, languages).locale
}

export const conciergeFormRouter = createRouter()
  .openapi(loadConciergeForm, async (c) =>
    c.json(await c.var.services.enquiries.loadSettings(domainIdOf(c, c.req.valid('query').domainId)), 200),
  )
  .openapi(saveConciergeForm, async (c) => {
    const { conciergeForm, domainId } = c.req.valid('json')
    const saved = await c.var.services.enquiries.saveSettings(domainIdOf(c, domainId), conciergeForm, c.var.user)
    // Where visitors' enquiries (personal data) are sent: in the activity log (issue 29 point 10).
    await c.var.services.activity.record({ user: c.var.user }, { kind: 'conciergeForm', action: 'save', domainId: domainIdOf(c, domainId) })
    return c.json({ ...saved, message: texts.toasts.conciergeSaved }, 200)
  })
  .openapi(submit, async (c) => {
    const { data, website, locale } = c.req.valid('json')
    const { services } = c.var
    const languages = domainLanguagesOf(c.var.domain)
    const language = enquiryLanguage(languages, locale, c.req.header('referer'))
    // Always the domain the visitor is on: a visitor cannot send to another domain's address.
    const result = await services.enquiries.submit(
      domainIdOf(c),
      { data, honeypot: website, language: languages.others.length ? language : undefined },
      { ip: clientIp(c, services.config.auth.trustProxy) },
    )
    // Counted for the Results (issue 37) once it is stored, in the language of the page it came from.
    if (result.id && c.var.domain) {
      services.results.collector.enquiry(c.var.domain, language, {
        dnt: c.req.header('dnt'),
        gpc: c.req.header('sec-gpc'),
      })
    }
    return c.json({ message: result.message }, 200)
  })
  .openapi(listEnquiries, async (c) => c.json(await c.var.services.enquiries.list(domainIdOf(c, c.req.valid('query').domainId)), 200))
