import type { FooterDoc } from '#lib/content'
import { ClockIcon, EmailIcon, LocationIcon, PhoneIcon, SocialIcon } from '#ui/icons'
import { SmartLink } from '#ui/SmartLink'
import { useTexts } from '#ui/locale'

type Footer = Omit<FooterDoc, 'domainId'>

const networkNames: Record<string, string> = { x: 'X', tiktok: 'TikTok', youtube: 'YouTube', linkedin: 'LinkedIn' }
const networkName = (n: string) => networkNames[n.toLowerCase()] ?? n.charAt(0).toUpperCase() + n.slice(1)

/** The footer document (spec 01 §3): copy, link groups, privacy, terms, visitor information, social. */
export function SiteFooter({
  footer,
  siteName,
  editing = false,
}: {
  footer: Footer
  siteName: string
  /** An editor is editing it in place (outlined). */ editing?: boolean
}) {
  const t = useTexts().site
  const info = footer.visitorInformation
  const hasInfo = !!info && !!(info.title || info.address || info.phone || info.email || info.hours)
  // A link still being typed in the editor (no address yet) is not shown.
  const social = footer.social.filter((s) => s.href)
  return (
    <footer
      data-site-footer=""
      data-editing={editing ? '' : undefined}
      className="bg-red-darkest text-white data-[editing]:outline-2 data-[editing]:-outline-offset-4 data-[editing]:outline-white/80 data-[editing]:outline-dashed"
    >
      <div className="container-site grid gap-12 py-16 lg:grid-cols-12 lg:py-20">
        {hasInfo && info ? (
          <section className="lg:col-span-4" aria-labelledby="footer-visitor-info">
            <h2 id="footer-visitor-info" className="font-display text-2xl font-semibold">
              {info.title || t.visitorInformation}
            </h2>
            <ul className="mt-6 flex flex-col gap-4 text-white/90">
              {info.address ? (
                <li className="flex gap-3">
                  <LocationIcon className="mt-0.5 shrink-0 text-red-lighter" />
                  <span className="sr-only">{t.address}</span>
                  <span className="whitespace-pre-line">{info.address}</span>
                </li>
              ) : null}
              {info.phone ? (
                <li className="flex gap-3">
                  <PhoneIcon className="mt-0.5 shrink-0 text-red-lighter" />
                  <a href={`tel:${info.phone.replace(/[^\d+]/g, '')}`} className="hover:underline">
                    <span className="sr-only">{t.phone}</span>
                    {info.phone}
                  </a>
                </li>
              ) : null}
              {info.email ? (
                <li className="flex gap-3">
                  <EmailIcon className="mt-0.5 shrink-0 text-red-lighter" />
                  <a href={`mailto:${info.email}`} className="break-all hover:underline">
                    <span className="sr-only">{t.email}</span>
                    {info.email}
                  </a>
                </li>
              ) : null}
              {info.hours ? (
                <li className="flex gap-3">
                  <ClockIcon className="mt-0.5 shrink-0 text-red-lighter" />
                  <span className="sr-only">{t.openingHours}</span>
                  <span className="whitespace-pre-line">{info.hours}</span>
                </li>
              ) : null}
            </ul>
          </section>
        ) : null}

        {footer.linkGroups.length ? (
          <div
            className={
              hasInfo ? 'grid grid-cols-2 gap-10 sm:grid-cols-3 lg:col-span-8' : 'grid grid-cols-2 gap-10 sm:grid-cols-3 lg:col-span-12'
            }
          >
            {footer.linkGroups.map((group, i) => (
              <nav key={i} aria-label={group.title || t.footerLinks(i + 1)}>
                {group.title ? <h2 className="eyebrow text-white/80">{group.title}</h2> : null}
                <ul className="mt-5 flex flex-col gap-3">
                  {group.links.map((link, l) => (
                    <li key={l}>
                      <SmartLink link={link} className="text-white/95 underline-offset-4 hover:underline">
                        {link.text}
                      </SmartLink>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        ) : null}
      </div>

      <div className="border-t border-white/15">
        <div className="container-site flex flex-col gap-6 py-8 text-sm text-white/85 md:flex-row md:items-center md:justify-between">
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-6">
            <p>{footer.copy || `© ${siteName}`}</p>
            {footer.privacy?.href ? (
              <SmartLink link={footer.privacy} className="underline-offset-4 hover:underline">
                {footer.privacy.text || t.privacy}
              </SmartLink>
            ) : null}
            {footer.terms?.href ? (
              <SmartLink link={footer.terms} className="underline-offset-4 hover:underline">
                {footer.terms.text || t.terms}
              </SmartLink>
            ) : null}
          </div>
          {social.length ? (
            <ul className="flex gap-3" aria-label={t.socialMedia}>
              {social.map((s, i) => (
                <li key={i}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="flex h-10 w-10 items-center justify-center rounded-full border border-white/30 text-white transition-colors hover:bg-white hover:text-red-darkest"
                  >
                    <SocialIcon network={s.network} size={18} />
                    <span className="sr-only">{t.socialLink(siteName, networkName(s.network))}</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </footer>
  )
}
