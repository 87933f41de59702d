import { useEffect } from 'react'
import { ConflictDialog } from '../common/ConfirmDialogs.tsx'
import { SelectInput, TextArea, TextInput } from '#ui/editor/fields.tsx'
import { emptyGroup, emptyLink } from '../site/edits.ts'
import { Box, LinkFields, LinkListEditor, ListEditor, SiteDocActions } from '../site/LinkEditors.tsx'
import { useSiteDoc } from '../site/use-site-doc.ts'
import { SiteDocTranslation } from '../site/SiteDocTranslation.tsx'
import { useLocale } from '#ui/locale'
import type { EditableFooter } from '../state/types.ts'
import { chrome } from '#ui/editor/classes.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.footer
/** Networks the footer has icons for (ui/icons.tsx); others show a globe. */
const networks = [
  { value: 'facebook', label: 'Facebook' },
  { value: 'instagram', label: 'Instagram' },
  { value: 'youtube', label: 'YouTube' },
  { value: 'tiktok', label: 'TikTok' },
  { value: 'x', label: 'X' },
  { value: 'linkedin', label: 'LinkedIn' },
] as const
const emptyInfo = (): NonNullable<EditableFooter['visitorInformation']> => ({ title: '', address: '', phone: '', email: '', hours: '' })

/**
 * The 'Save Footer' sidebar: the footer on the page shows this working copy as it is typed (copy,
 * link groups, privacy and terms links, visitor information); Save ('Footer Saved') and Publish
 * ('Footer Published').
 */
export default function SaveFooterPanel() {
  const { locale, languages } = useLocale()
  // In a further language the panel translates the footer's texts; its structure is the default language's.
  return locale === languages.default ? <FooterEditor /> : <SiteDocTranslation kind="footer" />
}

function FooterEditor() {
  const footer = useSiteDoc('footer')

  // The footer is at the end of the page: bring it into view beside the form.
  useEffect(() => {
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    document.querySelector('[data-site-footer]')?.scrollIntoView({ block: 'end', behavior: reduceMotion ? 'auto' : 'smooth' })
  }, [])

  if (footer.loadError)
    return (
      <p role="alert" className={chrome.alert}>
        {footer.loadError}
      </p>
    )
  if (!footer.doc) return <p>{editorTexts.siteDocs.loading}</p>
  const doc = footer.doc
  const groups = doc.linkGroups
  const info = doc.visitorInformation ?? emptyInfo()
  const setInfo = (field: keyof typeof info, value: string) => footer.edit({ ...doc, visitorInformation: { ...info, [field]: value } })

  return (
    <div className="flex flex-col gap-5" data-footer-editor="">
      <TextArea label={t.copy} value={doc.copy} rows={2} onChange={(e) => footer.edit({ ...doc, copy: e.target.value })} />

      <section aria-labelledby="footer-groups-heading" className="flex flex-col gap-2">
        <h3 id="footer-groups-heading" className="font-sans text-sm font-semibold text-neutral-900">
          {t.linkGroups}
        </h3>
        <ListEditor
          items={groups}
          onChange={(linkGroups) => footer.edit({ ...doc, linkGroups })}
          rowName={(g) => editorTexts.nav.group(g + 1)}
          renderRow={(group, update, name) => (
            <>
              <TextInput
                label={editorTexts.nav.groupTitle}
                value={group.title}
                onChange={(e) => update({ ...group, title: e.target.value })}
              />
              <LinkListEditor links={group.links} namePrefix={name} onChange={(links) => update({ ...group, links })} />
            </>
          )}
          newItem={() => ({ ...emptyGroup(), links: [emptyLink()] })}
          addLabel={editorTexts.nav.addGroup}
        />
      </section>

      <Box name={t.privacy}>
        <LinkFields link={doc.privacy ?? emptyLink()} onChange={(privacy) => footer.edit({ ...doc, privacy })} />
      </Box>
      <Box name={t.terms}>
        <LinkFields link={doc.terms ?? emptyLink()} onChange={(terms) => footer.edit({ ...doc, terms })} />
      </Box>

      <Box name={t.visitorInformation}>
        <TextInput label={t.infoTitle} value={info.title} onChange={(e) => setInfo('title', e.target.value)} />
        <TextArea label={t.address} value={info.address} rows={2} onChange={(e) => setInfo('address', e.target.value)} />
        <TextInput label={t.phone} type="tel" value={info.phone} onChange={(e) => setInfo('phone', e.target.value)} />
        <TextInput label={t.email} type="email" value={info.email} onChange={(e) => setInfo('email', e.target.value)} />
        <TextArea label={t.hours} value={info.hours} rows={2} onChange={(e) => setInfo('hours', e.target.value)} />
      </Box>

      <section aria-labelledby="footer-social-heading" className="flex flex-col gap-2">
        <h3 id="footer-social-heading" className="font-sans text-sm font-semibold text-neutral-900">
          {t.social}
        </h3>
        <ListEditor
          items={doc.social}
          onChange={(social) => footer.edit({ ...doc, social })}
          rowName={(i) => t.socialRow(i + 1)}
          renderRow={(entry, update, name) => (
            <>
              <SelectInput
                label={`${t.network} (${name})`}
                value={entry.network}
                options={networks}
                onChange={(e) => update({ ...entry, network: e.target.value })}
              />
              <TextInput
                label={`${t.socialAddress} (${name})`}
                type="url"
                spellCheck={false}
                value={entry.href}
                onChange={(e) => update({ ...entry, href: e.target.value })}
              />
            </>
          )}
          newItem={() => ({ network: 'facebook', href: '' })}
          addLabel={t.addSocial}
        />
      </section>

      <SiteDocActions
        isDirty={footer.isDirty}
        busy={footer.busy}
        onSave={() => void footer.save()}
        onPublish={() => void footer.publish()}
        onDiscard={footer.discard}
      />
      <ConflictDialog {...footer.conflictProps} />
    </div>
  )
}
