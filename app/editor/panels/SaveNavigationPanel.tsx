import { useState } from 'react'
import { ConflictDialog } from '../common/ConfirmDialogs.tsx'
import { TextInput } from '#ui/editor/fields.tsx'
import { ImageField } from '../common/ImageField.tsx'
import {
  emptyGroup,
  emptyLink,
  emptyNavItem,
  moveAt,
  moveFlags,
  removeAt,
  removeFlag,
  replaceAt,
  updateNavGroup,
  updateNavItem,
} from '../site/edits.ts'
import { AddButton, Box, LinkFields, LinkListEditor, RowActions, SiteDocActions } from '../site/LinkEditors.tsx'
import { useSiteDoc } from '../site/use-site-doc.ts'
import { SiteDocTranslation } from '../site/SiteDocTranslation.tsx'
import { useLocale } from '#ui/locale'
import { chrome } from '#ui/editor/classes.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.nav

/**
 * The 'Save Navigation' sidebar: the site header on the page shows this working copy as it is
 * typed (menu items with their link groups, the site name, the call to action); Save keeps it as
 * the draft ('Nav Saved'), Publish makes it the visitors' ('Nav Published').
 */
export default function SaveNavigationPanel() {
  const { locale, languages } = useLocale()
  // In a further language the panel translates the navigation's texts; its structure is the default language's.
  return locale === languages.default ? <NavigationEditor /> : <SiteDocTranslation kind="nav" />
}

function NavigationEditor() {
  const nav = useSiteDoc('nav')
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set())

  if (nav.loadError)
    return (
      <p role="alert" className={chrome.alert}>
        {nav.loadError}
      </p>
    )
  if (!nav.doc) return <p>{editorTexts.siteDocs.loading}</p>
  const doc = nav.doc
  const items = doc.items

  const toggle = (i: number, isOpen: boolean) =>
    setOpen((flags) => {
      if (flags.has(i) === isOpen) return flags
      const next = new Set(flags)
      if (isOpen) next.add(i)
      else next.delete(i)
      return next
    })

  return (
    <div className="flex flex-col gap-5" data-nav-editor="">
      <TextInput label={t.siteName} value={doc.siteName} onChange={(e) => nav.edit({ ...doc, siteName: e.target.value })} />
      <ImageField
        label={t.logo}
        value={doc.logo?.imageId ?? ''}
        onChange={(imageId) => nav.edit({ ...doc, logo: imageId ? { imageId, alt: doc.logo?.alt ?? '' } : undefined })}
      />

      <section aria-labelledby="nav-items-heading" className="flex flex-col gap-2">
        <h3 id="nav-items-heading" className="font-sans text-sm font-semibold text-neutral-900">
          {t.items}
        </h3>
        <ol className="flex flex-col gap-2">
          {items.map((item, i) => {
            const name = t.item(i + 1)
            return (
              <li key={i}>
                <details
                  open={open.has(i)}
                  onToggle={(e) => toggle(i, e.currentTarget.open)}
                  className="rounded-md border border-neutral-200"
                >
                  <summary
                    className={`cursor-pointer rounded-md px-3 py-2 text-sm font-medium text-neutral-900 hover:bg-neutral-50 ${chrome.focus} focus-visible:ring-offset-0`}
                  >
                    {name}: {item.text || '—'}
                  </summary>
                  <fieldset aria-label={name} className="flex flex-col gap-3 border-t border-neutral-200 p-3">
                    <RowActions
                      name={name}
                      index={i}
                      length={items.length}
                      onMove={(d) => {
                        nav.edit({ ...doc, items: moveAt(items, i, d) })
                        setOpen((flags) => moveFlags(flags, i, d, items.length))
                      }}
                      onRemove={() => {
                        nav.edit({ ...doc, items: removeAt(items, i) })
                        setOpen((flags) => removeFlag(flags, i))
                      }}
                    />
                    <LinkFields link={item} onChange={(next) => nav.edit({ ...doc, items: replaceAt(items, i, next) })} />
                    {item.groups.map((group, g) => {
                      const groupName = `${name} ${t.group(g + 1)}`
                      return (
                        <Box
                          key={g}
                          name={groupName}
                          actions={
                            <RowActions
                              name={groupName}
                              index={g}
                              length={item.groups.length}
                              onMove={(d) => nav.edit(updateNavItem(doc, i, (it) => ({ ...it, groups: moveAt(it.groups, g, d) })))}
                              onRemove={() => nav.edit(updateNavGroup(doc, { item: i, group: g }, () => null))}
                            />
                          }
                        >
                          <TextInput
                            label={t.groupTitle}
                            value={group.title}
                            onChange={(e) =>
                              nav.edit(updateNavGroup(doc, { item: i, group: g }, (gr) => ({ ...gr, title: e.target.value })))
                            }
                          />
                          <LinkListEditor
                            links={group.links}
                            namePrefix={groupName}
                            onChange={(links) => nav.edit(updateNavGroup(doc, { item: i, group: g }, (gr) => ({ ...gr, links })))}
                          />
                        </Box>
                      )
                    })}
                    <AddButton
                      label={t.addGroup}
                      ariaLabel={`${t.addGroup}: ${name}`}
                      onClick={() =>
                        nav.edit(
                          updateNavItem(doc, i, (it) => ({ ...it, groups: [...it.groups, { ...emptyGroup(), links: [emptyLink()] }] })),
                        )
                      }
                    />
                  </fieldset>
                </details>
              </li>
            )
          })}
        </ol>
        <AddButton
          label={t.addItem}
          onClick={() => {
            nav.edit({ ...doc, items: [...items, emptyNavItem()] })
            setOpen((flags) => new Set(flags).add(items.length))
          }}
        />
      </section>

      <Box name={t.cta}>
        <LinkFields link={doc.cta ?? emptyLink()} onChange={(cta) => nav.edit({ ...doc, cta })} />
      </Box>

      <SiteDocActions
        isDirty={nav.isDirty}
        busy={nav.busy}
        onSave={() => void nav.save()}
        onPublish={() => void nav.publish()}
        onDiscard={nav.discard}
      />
      <ConflictDialog {...nav.conflictProps} />
    </div>
  )
}
