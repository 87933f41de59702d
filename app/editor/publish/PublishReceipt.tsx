import { useEffect, useState } from 'react'
import type { Collection } from '#lib/content'
import { LOCALES, isLocaleCode } from '#lib/locales'
import { getApi, messageOf } from '#ui/api.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.publishReceipt

interface Receipt {
  publishedAt: string | null
  addresses: { kind: keyof typeof t.kinds; path: string; title?: string; locale?: string }[]
  cdn: { provider: string; queued: number; done: number; failed: number } | null
}

/** How often, and how long, the receipt asks whether the CDN has dropped the old copies. */
const POLL_MS = 500
const POLL_FOR_MS = 60_000

export interface PublishedNow {
  id: string
  collection: Collection
  /** When the editor pressed Publish (performance.now()). */
  startedAt: number
}

/**
 * The receipt of a publish (issue 34 point 4): "Live on 7 addresses in 1.2 s", the addresses, and
 * the CDN's purges while they are pending. The time runs from the click until the publish was
 * answered and, with a CDN in front, until its purges for the page were done.
 */
export function PublishReceipt({ published }: { published: PublishedNow }) {
  const [receipt, setReceipt] = useState<Receipt | null>(null)
  const [seconds, setSeconds] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let stopped = false
    let timer = 0
    const until = performance.now() + POLL_FOR_MS
    const ask = () => {
      getApi('/publish/receipt', { id: published.id, collection: published.collection })
        .then((answer) => {
          if (stopped) return
          setReceipt(answer)
          // A CDN's purge is queued as the publish is announced: none yet means not queued yet.
          const pending = answer.cdn ? answer.cdn.queued > 0 || answer.cdn.done + answer.cdn.failed === 0 : false
          if (!pending) setSeconds((performance.now() - published.startedAt) / 1000)
          else if (performance.now() < until) timer = window.setTimeout(ask, POLL_MS)
        })
        .catch((err: unknown) => {
          if (!stopped) setError(messageOf(err))
        })
    }
    ask()
    return () => {
      stopped = true
      window.clearTimeout(timer)
    }
  }, [published])

  if (error) return <p className="text-sm text-neutral-700">{t.unavailable}</p>
  if (!receipt) return null
  const kindLabel = (address: Receipt['addresses'][number]) => {
    if (address.kind === 'language')
      return t.kinds.language(address.locale && isLocaleCode(address.locale) ? LOCALES[address.locale].englishName : (address.locale ?? ''))
    return t.kinds[address.kind]
  }
  return (
    <section
      aria-labelledby="publish-receipt-heading"
      className="flex flex-col gap-2 rounded-md bg-green-50 px-3 py-3 ring-1 ring-green-200"
      data-publish-receipt=""
    >
      <h3 id="publish-receipt-heading" className="text-sm font-semibold text-neutral-900">
        {t.heading}
      </h3>
      <p role="status" className="text-sm font-medium text-neutral-900">
        {seconds !== null ? t.live(receipt.addresses.length, seconds.toFixed(1)) : t.waiting(receipt.cdn?.queued || 1)}
      </p>
      {receipt.cdn?.failed ? <p className="text-sm text-red-darker">{t.failed(receipt.cdn.failed)}</p> : null}
      <ul className="flex flex-col gap-1 text-sm">
        {receipt.addresses.map((address) => (
          <li key={`${address.kind}:${address.path}`} className="flex flex-col">
            <span className="text-xs text-neutral-600">{kindLabel(address)}</span>
            <a
              href={address.path}
              className="font-medium text-red underline underline-offset-2 hover:text-red-darker"
              target="_blank"
              rel="noreferrer"
            >
              {address.title ? `${address.title} (${address.path})` : address.path}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
