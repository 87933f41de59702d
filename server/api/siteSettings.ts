import { createRoute, z } from '@hono/zod-openapi'
import { texts } from '#lib/texts'
import { capabilityRoute, editorRoute } from './access.ts'
import { createRouter, domainIdOf } from './context.ts'
import { refuseBlockingChange } from '../publish/api.ts'
import { siteSettingsSchema } from '#lib/content'
import { domainIdParam, errorResponses, errorSchema, json } from './schemas.ts'
import { docInput, loadSiteDocument, mergeInput, savedDocAnswer, saveSiteDocument, siteDocAnswer } from './site.ts'

const editorErrors = {
  401: json(errorSchema, 'Not signed in'),
  404: json(errorSchema, 'No such domain'),
  409: json(errorSchema, 'Saved by someone else since it was loaded'),
  ...errorResponses,
}
/** The settings as the editor sends them, with the version it loaded (required once they exist, unless force). */
const body = {
  body: {
    content: { 'application/json': { schema: z.object({ siteSettings: docInput, force: z.boolean().default(false), ...mergeInput }) } },
    required: true,
  },
}
const settingsAnswer = siteDocAnswer(siteSettingsSchema.shape, 'SiteSettings', z.literal('siteSettings'))
const savedAnswer = savedDocAnswer(settingsAnswer)

const loadSiteSettings = createRoute({
  method: 'get',
  path: '/loadSiteSettings',
  summary: "The domain's site settings: og and twitter defaults, redirects, categories",
  request: { query: z.object({ domainId: domainIdParam }) },
  responses: { 200: json(settingsAnswer, 'Site settings'), ...errorResponses },
})
const saveSiteSettings = editorRoute({
  method: 'post',
  path: '/saveSiteSettings',
  summary: 'Save the site settings draft',
  request: body,
  responses: { 200: savedAnswer, ...editorErrors },
})
const publishSiteSettings = capabilityRoute('publish', {
  method: 'post',
  path: '/publishSiteSettings',
  summary: 'Save and publish the site settings (meta defaults and redirects take effect)',
  request: body,
  responses: { 200: savedAnswer, ...editorErrors },
})

export const siteSettingsRouter = createRouter()
  .openapi(loadSiteSettings, async (c) => c.json(await loadSiteDocument(c, 'siteSettings', c.req.valid('query').domainId), 200))
  .openapi(saveSiteSettings, async (c) => {
    const { siteSettings, force, base, resolutions } = c.req.valid('json')
    await refuseBlockingChange(c.var.services, domainIdOf(c, siteSettings.domainId), c.var.user, siteSettings.publishChecks, base)
    return c.json(
      {
        ...(await saveSiteDocument(c, 'siteSettings', siteSettings, false, force, { base, resolutions })),
        message: texts.toasts.siteSettingsSaved,
      },
      200,
    )
  })
  .openapi(publishSiteSettings, async (c) => {
    const { siteSettings, force, base, resolutions } = c.req.valid('json')
    await refuseBlockingChange(c.var.services, domainIdOf(c, siteSettings.domainId), c.var.user, siteSettings.publishChecks, base)
    return c.json(
      {
        ...(await saveSiteDocument(c, 'siteSettings', siteSettings, true, force, { base, resolutions })),
        message: texts.toasts.siteSettingsPublished,
      },
      200,
    )
  })
