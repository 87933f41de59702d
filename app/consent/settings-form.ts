/**
 * The third-party IDs in the General tab of Site Settings (editor chunk only): the tab's form
 * schema, values and payload extended with analyticsId, pixelId and tagManagerId.
 */
import { siteSettingsSchema } from '#lib/content'
import { formSchema, settingsToSend, valuesOf, type LoadedSiteSettings, type SiteSettingsValues } from '~/editor/site/site-settings'

const ids = {
  analyticsId: siteSettingsSchema.shape.analyticsId.unwrap(),
  pixelId: siteSettingsSchema.shape.pixelId.unwrap(),
  tagManagerId: siteSettingsSchema.shape.tagManagerId.unwrap(),
}

export const generalFormSchema = formSchema.extend(ids)
export type GeneralValues = SiteSettingsValues & { analyticsId: string; pixelId: string; tagManagerId: string }

export function generalValuesOf(doc: LoadedSiteSettings): GeneralValues {
  return { ...valuesOf(doc), analyticsId: doc.analyticsId ?? '', pixelId: doc.pixelId ?? '', tagManagerId: doc.tagManagerId ?? '' }
}

export function generalToSend(loaded: LoadedSiteSettings, values: GeneralValues, withVersion: boolean) {
  return {
    ...settingsToSend(loaded, values, withVersion),
    analyticsId: values.analyticsId.trim(),
    pixelId: values.pixelId.trim(),
    tagManagerId: values.tagManagerId.trim(),
  }
}

export const thirdPartyLegend = 'Analytics and advertising (loaded only after a visitor accepts)'

export const thirdPartyFields = [
  { name: 'analyticsId', label: 'Analytics id', hint: 'Google Analytics 4 measurement id, e.g. G-XXXXXXX.' },
  { name: 'pixelId', label: 'Ad pixel id', hint: 'Meta pixel id (digits).' },
  { name: 'tagManagerId', label: 'Tag manager id', hint: 'Google Tag Manager container id, e.g. GTM-XXXXXX.' },
] as const
