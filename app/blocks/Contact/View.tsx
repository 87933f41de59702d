import { clsx } from 'clsx'
import { EmailIcon, LocationIcon, PhoneIcon, UrlIcon } from '~/ui/icons'
import { Img } from '~/ui/Img'
import { imageSizes } from '../image-sizes'
import type { ContactMethod, Props } from './schema'

const contactImage = imageSizes.contact

const icons = { phone: PhoneIcon, email: EmailIcon, location: LocationIcon, url: UrlIcon }

/** Phones dial, e-mail opens the mail program (spec 02 §2.8), addresses and sites open as given. */
function hrefOf(method: ContactMethod): string | null {
  if (method.link) return method.link
  if (method.type === 'phone') return `tel:${method.text.replace(/[^\d+]/g, '')}`
  if (method.type === 'email') return `mailto:${method.text.trim()}`
  if (method.type === 'url') return /^https?:\/\//.test(method.text) ? method.text : `https://${method.text}`
  return null
}

export function View({ title, subtitle, image, contactMethods }: Props) {
  const showImage = image.show && image.imageId
  return (
    <section className="container-site" aria-label={title ? undefined : 'Contact'}>
      <div className={clsx('mx-auto grid max-w-5xl items-center gap-10 rounded-sm bg-soft-pink p-6 sm:p-10', showImage && 'md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]')}>
        {showImage ? <Img image={image} {...contactImage} className="h-auto w-full rounded-sm object-cover" /> : null}
        <div>
          {title ? <h2 className="heading-sub">{title}</h2> : null}
          {subtitle ? <p className="mt-3 text-ink-soft">{subtitle}</p> : null}
          <ul className="mt-6 flex flex-col gap-4">
            {contactMethods.map((method, i) => {
              const Icon = icons[method.type]
              const href = hrefOf(method)
              const external = method.type === 'url' || (method.type === 'location' && !!href)
              return (
                <li key={i} className="flex items-start gap-4">
                  <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-red text-white">
                    <Icon size={18} />
                    <span className="sr-only">{method.type}: </span>
                  </span>
                  {href ? (
                    <a href={href} className="pt-2 font-medium text-ink underline decoration-red/30 underline-offset-4 hover:text-red hover:decoration-red" {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                      {method.text || href}
                      {external ? <span className="sr-only"> (opens in a new tab)</span> : null}
                    </a>
                  ) : (
                    <span className="pt-2 font-medium whitespace-pre-line text-ink">{method.text}</span>
                  )}
                </li>
              )
            })}
          </ul>
        </div>
      </div>
    </section>
  )
}
