import { clsx } from 'clsx'
import { Editable, useEditing } from '#ui/editing'
import { EmailIcon, LocationIcon, PhoneIcon, UrlIcon } from '#ui/icons'
import { Img } from '#ui/Img'
import { imageSizes } from '../image-sizes'
import type { ContactMethod, Props } from './schema'
import { useTexts } from '#ui/locale'

const contactImage = imageSizes.contact

const icons = { phone: PhoneIcon, email: EmailIcon, location: LocationIcon, url: UrlIcon }

const newMethod = { type: 'phone', text: '', link: '' } as const

/** Phones dial, e-mail opens the mail program (spec 02 §2.8), addresses and sites open as given. */
function hrefOf(method: ContactMethod): string | null {
  if (method.link) return method.link
  if (method.type === 'phone') return `tel:${method.text.replace(/[^\d+]/g, '')}`
  if (method.type === 'email') return `mailto:${method.text.trim()}`
  if (method.type === 'url') return /^https?:\/\//.test(method.text) ? method.text : `https://${method.text}`
  return null
}

export function View({ title, subtitle, image, contactMethods }: Props) {
  const opensNewTab = useTexts().site.opensNewTab
  const editing = useEditing()
  const showImage = (image.show && image.imageId) || (editing && image.show)
  return (
    <section className="container-site" aria-label={title ? undefined : 'Contact'}>
      <div
        className={clsx(
          'mx-auto grid max-w-5xl items-center gap-10 rounded-sm bg-soft-pink p-6 sm:p-10',
          showImage && 'md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]',
        )}
      >
        {showImage ? (
          <Editable
            kind="image"
            path="image"
            as={Img}
            label="Contact image"
            cropSizes={{ contact: contactImage }}
            elementProps={{ image, ...contactImage }}
            className="h-auto w-full rounded-sm object-cover"
          />
        ) : null}
        <div>
          <Editable kind="content" path="title" as="h2" value={title} optional placeholder="Title" className="heading-sub" />
          <Editable kind="content" path="subtitle" as="p" value={subtitle} optional placeholder="Subtitle" className="mt-3 text-ink-soft" />
          <Editable
            kind="list"
            path="contactMethods"
            as="ul"
            label="Contact methods"
            newItem={newMethod}
            max={12}
            className="mt-6 flex flex-col gap-4"
          >
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
                    <Editable
                      kind="content"
                      path={`contactMethods.${i}.text`}
                      as="a"
                      value={method.text}
                      placeholder="Contact"
                      elementProps={{ href, ...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {}) }}
                      className="pt-2 font-medium text-ink underline decoration-red/30 underline-offset-4 hover:text-red hover:decoration-red"
                    >
                      {method.text || href}
                      {external ? <span className="sr-only"> {opensNewTab}</span> : null}
                    </Editable>
                  ) : (
                    <Editable
                      kind="content"
                      path={`contactMethods.${i}.text`}
                      as="span"
                      value={method.text}
                      placeholder="Contact"
                      multiline
                      className="pt-2 font-medium whitespace-pre-line text-ink"
                    />
                  )}
                </li>
              )
            })}
          </Editable>
        </div>
      </div>
    </section>
  )
}
