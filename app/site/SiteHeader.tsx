import { useEffect, useRef } from 'react'
import { Link as RouterLink, useLocation } from 'react-router'
import type { NavDoc } from '#lib/content'
import { ChevronDownIcon, CloseIcon, MenuIcon } from '#ui/icons'
import { Img } from '#ui/Img'
import { SmartLink } from '#ui/SmartLink'
import { HeaderSearch, SearchForm } from './HeaderSearch'
import { useTexts } from '#ui/locale'
import { LanguageSwitcher } from './LanguageSwitcher'

type Nav = Omit<NavDoc, 'domainId'>

function Brand({ nav }: { nav: Nav }) {
  const t = useTexts().site
  const name = nav.siteName || t.homeCrumb
  return (
    // It may shrink (the name is cut with an ellipsis) rather than push the header wider than a phone.
    <RouterLink
      to="/"
      className="flex min-w-0 items-center gap-2 text-red-darkest @min-[40rem]:gap-3 @min-[64rem]:shrink-0"
      aria-label={t.home(name)}
    >
      {nav.logo?.imageId ? (
        <Img image={nav.logo} alt="" width={160} height={48} priority className="h-10 w-auto bg-transparent" />
      ) : (
        <svg viewBox="0 0 40 40" width="38" height="38" aria-hidden="true" className="shrink-0">
          <circle cx="20" cy="20" r="20" fill="#981A31" />
          <g fill="#FCF9F9">
            <circle cx="16" cy="17" r="3.2" />
            <circle cx="23" cy="17" r="3.2" />
            <circle cx="19.5" cy="22.5" r="3.2" />
            <circle cx="13" cy="22.5" r="2.6" />
            <circle cx="26" cy="22.5" r="2.6" />
            <circle cx="16.5" cy="28" r="2.8" />
            <circle cx="22.5" cy="28" r="2.8" />
          </g>
          <path d="M19.5 13.5c0-3 1.5-5 4.5-6" stroke="#FCF9F9" strokeWidth="1.6" fill="none" strokeLinecap="round" />
        </svg>
      )}
      {/* Between 1024 and 1280 px the mark alone (the link's label still names the site), so the navigation fits on one line. */}
      <span className="truncate font-display text-2xl leading-none font-semibold tracking-tight @min-[64rem]:@max-[80rem]:sr-only">
        {nav.siteName}
      </span>
    </RouterLink>
  )
}

/**
 * The site header: brand, the main navigation with dropdowns (CSS hover/focus-within, so they work
 * without script and by keyboard), and a <details> mobile menu that also needs no script.
 */
export function SiteHeader({ nav, editing = false }: { nav: Nav; /** An editor is editing it in place (outlined). */ editing?: boolean }) {
  const header = useRef<HTMLElement>(null)
  const t = useTexts().site
  const { pathname, search } = useLocation()
  // Client-side navigation keeps a <details> (the menu, the search box) open; close them when the page changes.
  useEffect(() => {
    header.current?.querySelectorAll<HTMLDetailsElement>('details.mobile-menu, details.header-search').forEach((d) => (d.open = false))
  }, [pathname, search])
  // Escape closes the open menu (or search box) and gives the focus back to its button (the page
  // behind is locked from scrolling by app.css while the menu is open).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const details = header.current?.querySelector<HTMLDetailsElement>('details.mobile-menu[open], details.header-search[open]')
      if (event.key !== 'Escape' || !details) return
      details.open = false
      details.querySelector('summary')?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])

  const items = nav.items.filter((item) => item.text)
  // The search page has its own box (with suggestions): the header's would only repeat it.
  const searchHere = pathname !== '/search'
  const isCurrent = (href: string) => href === pathname || (href !== '/' && pathname.startsWith(`${href}/`))

  return (
    // The header lays itself out by its own width (container queries, @min-[64rem] etc.), not the
    // window's: beside the editor's expanded menu a 1280 px window leaves it 1,040 px, where the
    // desktop row laid out for 1280 ran past the right edge (issue 31). For visitors the two agree.
    <header
      ref={header}
      data-editing={editing ? '' : undefined}
      className="@container sticky top-0 z-50 border-b border-black/5 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85 data-[editing]:outline-2 data-[editing]:-outline-offset-2 data-[editing]:outline-red-lighter data-[editing]:outline-dashed"
    >
      <div className="container-site flex h-18 items-center justify-between gap-3 @min-[40rem]:gap-6 @min-[64rem]:h-20">
        <Brand nav={nav} />

        <nav aria-label={t.mainNav} className="hidden @min-[64rem]:block">
          <ul className="flex items-center @min-[80rem]:gap-2">
            {items.map((item, i) => {
              const hasGroups = item.groups.some((g) => g.links.length)
              return (
                <li key={i} className="nav-item relative">
                  {item.href ? (
                    <SmartLink link={item} className="nav-link">
                      <span
                        aria-current={isCurrent(item.href) ? 'page' : undefined}
                        className={isCurrent(item.href) ? 'text-red' : undefined}
                      >
                        {item.text}
                      </span>
                      {hasGroups ? <ChevronDownIcon size={16} /> : null}
                    </SmartLink>
                  ) : (
                    <span className="nav-link" tabIndex={0}>
                      {item.text}
                      {hasGroups ? <ChevronDownIcon size={16} /> : null}
                    </span>
                  )}
                  {hasGroups ? (
                    <div className="nav-panel">
                      <div className="flex gap-10 rounded-sm border border-black/5 bg-white p-7 shadow-xl shadow-black/10">
                        {item.groups.map((group, g) => (
                          <div key={g} className="min-w-48">
                            {group.title ? <p className="eyebrow mb-3 text-red">{group.title}</p> : null}
                            <ul className="flex flex-col gap-1">
                              {group.links.map((link, l) => (
                                <li key={l}>
                                  <SmartLink link={link} className="block py-1.5 text-[0.95rem] whitespace-nowrap text-ink hover:text-red">
                                    {link.text}
                                  </SmartLink>
                                </li>
                              ))}
                            </ul>
                          </div>
                        ))}
                      </div>
                    </div>
                  ) : null}
                </li>
              )
            })}
          </ul>
        </nav>

        <div className="flex shrink-0 items-center gap-2 @min-[40rem]:gap-3">
          {searchHere ? <HeaderSearch /> : null}
          <LanguageSwitcher label={t.language.label} />
          {nav.cta?.href && nav.cta.text ? (
            <SmartLink link={nav.cta} className="button hidden min-h-11 px-5 py-2 @min-[40rem]:inline-flex">
              {nav.cta.text}
            </SmartLink>
          ) : null}

          <details className="mobile-menu @min-[64rem]:hidden">
            <summary className="flex h-11 min-w-11 cursor-pointer items-center justify-center gap-2 rounded-full border-2 border-red px-2.5 font-semibold text-red min-[25rem]:px-4">
              <MenuIcon className="menu-open-icon" />
              <CloseIcon className="menu-close-icon" />
              {/* The narrowest phones get the icon alone (the word stays for screen readers). */}
              <span className="max-[22.49rem]:sr-only">{t.menu}</span>
            </summary>
            <nav
              aria-label={t.mobileNav}
              className="absolute inset-x-0 top-full max-h-[calc(100svh-4.5rem)] overflow-y-auto border-t border-black/5 bg-white pb-10 shadow-xl"
            >
              {searchHere ? <SearchForm className="container-site pt-5" /> : null}
              <ul className="container-site flex flex-col divide-y divide-black/5">
                {items.map((item, i) => (
                  <li key={i} className="py-4">
                    {item.href ? (
                      <SmartLink link={item} className="font-display text-2xl font-semibold text-red-darkest">
                        {item.text}
                      </SmartLink>
                    ) : (
                      <span className="font-display text-2xl font-semibold text-red-darkest">{item.text}</span>
                    )}
                    {item.groups.map((group, g) =>
                      group.links.length ? (
                        <div key={g} className="mt-3">
                          {group.title ? <p className="eyebrow mb-1 text-red">{group.title}</p> : null}
                          <ul className="grid grid-cols-1 gap-x-6 @min-[40rem]:grid-cols-2">
                            {group.links.map((link, l) => (
                              <li key={l}>
                                <SmartLink link={link} className="block py-2 text-ink">
                                  {link.text}
                                </SmartLink>
                              </li>
                            ))}
                          </ul>
                        </div>
                      ) : null,
                    )}
                  </li>
                ))}
                {nav.cta?.href && nav.cta.text ? (
                  <li className="pt-6 @min-[40rem]:hidden">
                    <SmartLink link={nav.cta} className="button w-full">
                      {nav.cta.text}
                    </SmartLink>
                  </li>
                ) : null}
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  )
}
