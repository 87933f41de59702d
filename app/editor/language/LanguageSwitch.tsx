/**
 * The editor's language switch (issue 33 point 3, decision 028), in the editor menu of a domain
 * with further languages: the same page in each language the domain offers (its address in that
 * language, a full load, so the unsaved-changes prompt asks first), the language being edited
 * marked, and in a further language how many texts of the page are not translated yet.
 */
import { useLocation } from 'react-router'
import { LOCALES, localePath, offeredLocales, type LocaleCode } from '#lib/locales'
import { useLocale } from '#ui/locale'
import { editorTexts } from '#lib/editor-texts'
import { chrome } from '#ui/editor/classes.ts'
import { useEditorState } from '../state/store.tsx'
import { suggestedOf, untranslated } from './language.ts'
import { useSuggestTranslation } from './suggest.ts'

const t = editorTexts.language

/** A language's short name beside the collapsed menu's icons: "DE", "ZH" (the whole prefix where two would read alike). */
function shortName(code: LocaleCode, offered: readonly LocaleCode[]): string {
  const short = (c: LocaleCode) => LOCALES[c].prefix.split('-')[0]!.toUpperCase()
  return offered.filter((other) => short(other) === short(code)).length > 1 ? LOCALES[code].prefix.toUpperCase() : short(code)
}

export function LanguageSwitch({ collapsed }: { collapsed: boolean }) {
  const { locale, languages } = useLocale()
  const { pathname, search } = useLocation()
  const state = useEditorState()
  const offered = offeredLocales(languages)
  const suggestion = useSuggestTranslation()
  if (offered.length < 2) return null
  const toReview = state.language ? suggestedOf(state.page.page).size : 0
  const missing = state.language ? untranslated(state.page.page, state.language.fields).length : null
  return (
    <div data-language-switch="" className="mt-0.5 border-t border-neutral-200 px-1 pt-1.5 pb-1">
      <p id="editor-language-label" className={collapsed ? 'sr-only' : 'px-1.5 text-[11px] font-semibold text-neutral-600 uppercase'}>
        {t.label}
      </p>
      <ul aria-labelledby="editor-language-label" className={collapsed ? 'flex flex-col gap-0.5' : 'mt-1 flex flex-wrap gap-1'}>
        {offered.map((code) => {
          const current = code === locale
          const info = LOCALES[code]
          const visible = collapsed ? shortName(code, offered) : info.name
          const purpose = current ? t.current(info.englishName) : t.switchTo(info.englishName)
          return (
            <li key={code}>
              <a
                href={`${localePath(pathname, code, languages)}${search}`}
                lang={code}
                hrefLang={code}
                aria-current={current ? 'page' : undefined}
                aria-label={`${visible}: ${purpose}`}
                title={purpose}
                data-language={code}
                className={`block rounded-md border px-2 py-1 text-xs font-semibold ${chrome.focus} ${
                  current ? 'border-neutral-900 bg-neutral-900 text-white' : 'border-neutral-300 text-neutral-800 hover:bg-neutral-100'
                }`}
              >
                {visible}
              </a>
            </li>
          )
        })}
      </ul>
      {missing !== null && state.page.page ? (
        <p
          data-untranslated-count={missing}
          role="status"
          title={collapsed ? (missing ? t.untranslated(missing) : t.allTranslated) : undefined}
          className={
            collapsed ? 'mt-1 text-center text-xs font-semibold text-neutral-800' : 'mt-1.5 px-1.5 text-xs font-medium text-neutral-800'
          }
        >
          {collapsed ? (
            <>
              {/* The number alone beside the icons; the sentence for screen readers. */}
              <span aria-hidden="true">{missing}</span>
              <span className="sr-only">{missing ? t.untranslated(missing) : t.allTranslated}</span>
            </>
          ) : missing ? (
            t.untranslated(missing)
          ) : (
            t.allTranslated
          )}
        </p>
      ) : null}
      {state.language && state.page.page && !collapsed ? (
        <div className="mt-1.5 flex flex-col gap-1 px-1.5">
          {missing ? (
            <button
              type="button"
              data-suggest-translations=""
              disabled={suggestion.busy}
              onClick={() => void suggestion.suggest()}
              className={`rounded-md border border-neutral-300 px-2 py-1 text-left text-xs font-semibold text-neutral-800 hover:bg-neutral-100 disabled:opacity-50 ${chrome.focus}`}
            >
              {suggestion.busy ? t.suggesting : t.suggestPage}
            </button>
          ) : null}
          {toReview ? (
            <p data-machine-suggestions={toReview} role="status" className="text-xs font-medium text-neutral-800">
              {t.suggested(toReview)}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
