/**
 * The header's way to /search (issue 31, visitors): on wide screens a search button in the header
 * opens a box under it; on phones the same box heads the menu. A plain GET form (React Router's
 * Form keeps the language prefix), so it works before hydration and without JavaScript.
 */
import { useId, useRef } from 'react'
import { Form } from 'react-router'
import { useTexts } from '#ui/locale'
import { SearchIcon } from '#ui/icons'

export function SearchForm({ className = '' }: { className?: string }) {
  const t = useTexts().site.search
  const id = useId()
  return (
    <Form action="/search" method="get" role="search" aria-label={t.label} className={`flex gap-2 ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t.label}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        autoComplete="off"
        placeholder={t.placeholder}
        className="min-h-11 w-full min-w-0 flex-1 rounded-full border-2 border-ink/20 bg-white px-4 text-base focus:border-red focus:outline-none"
      />
      <button type="submit" className="button min-h-11 shrink-0 px-5 py-2">
        {t.button}
      </button>
    </Form>
  )
}

/** Wide screens: a button in the header that opens the box below it (focus goes into the box). */
export function HeaderSearch() {
  const t = useTexts().site.search
  const details = useRef<HTMLDetailsElement>(null)
  return (
    <details
      ref={details}
      className="header-search hidden @min-[64rem]:block"
      onToggle={() => {
        if (details.current?.open) details.current.querySelector('input')?.focus()
      }}
    >
      <summary className="flex h-11 w-11 cursor-pointer items-center justify-center rounded-full text-red-darkest hover:text-red">
        <SearchIcon size={22} />
        <span className="sr-only">{t.open}</span>
      </summary>
      <div className="absolute inset-x-0 top-full border-t border-black/5 bg-white shadow-xl">
        <SearchForm className="container-site max-w-3xl py-5" />
      </div>
    </details>
  )
}
