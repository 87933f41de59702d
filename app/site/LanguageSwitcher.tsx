import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { LOCALES, localeAlternates } from '#lib/locales'
import { ChevronDownIcon, GlobeIcon } from '#ui/icons'
import { useLocale } from '#ui/locale'

/**
 * The header's language switcher (issue 33): the same page in each language the domain offers,
 * each named in itself and marked with its `lang` and `hreflang`, the current one `aria-current`.
 * A <details> disclosure of plain links: it works before (and without) JavaScript, by keyboard,
 * and it floats over the page (no layout shift). Plain links load the other language's document:
 * its prefix is another router basename, and its texts are another module.
 */
export function LanguageSwitcher({ label }: { label: string }) {
  const { locale, languages } = useLocale()
  const { pathname, search } = useLocation()
  const menu = useRef<HTMLDetailsElement>(null)
  // Escape closes it and gives the focus back to its button, as the mobile menu does.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const details = menu.current
      if (event.key !== 'Escape' || !details?.open) return
      details.open = false
      details.querySelector('summary')?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
  if (languages.others.length === 0) return null
  const current = LOCALES[locale]
  return (
    <details ref={menu} className="language-menu relative" data-language-switcher="">
      <summary className="flex h-11 cursor-pointer items-center gap-1 rounded-full px-1.5 text-[0.95rem] font-medium text-ink hover:text-red @min-[40rem]:gap-1.5 @min-[40rem]:px-3">
        <GlobeIcon />
        <span className="sr-only">{label}: </span>
        {/* The language's name where there is room; its code on phones and beside the wide header's menu. */}
        <span lang={locale} className="sr-only @min-[40rem]:not-sr-only @min-[64rem]:sr-only @min-[96rem]:not-sr-only">
          {current.name}
        </span>
        <span lang={locale} className="uppercase @min-[40rem]:hidden @min-[64rem]:inline @min-[96rem]:hidden" aria-hidden="true">
          {current.prefix.split('-')[0]}
        </span>
        <ChevronDownIcon size={16} />
      </summary>
      <ul
        aria-label={label}
        className="absolute top-full right-0 z-50 mt-2 flex min-w-44 flex-col rounded-sm border border-black/5 bg-white py-2 shadow-xl shadow-black/10"
      >
        {localeAlternates(pathname, languages).map((alternate) => (
          <li key={alternate.locale}>
            <a
              href={`${alternate.path}${search}`}
              lang={alternate.locale}
              hrefLang={alternate.locale}
              aria-current={alternate.locale === locale ? 'true' : undefined}
              className="block px-4 py-2 text-ink hover:bg-soft-pink hover:text-red aria-[current]:font-semibold aria-[current]:text-red"
            >
              {LOCALES[alternate.locale].name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  )
}
