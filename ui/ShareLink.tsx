/**
 * A link to share, shown in a read-only field that selects itself when focused, with a button that
 * copies it (the favourites page and the trip planner). The caller says what to show once copied.
 */
export function ShareLink({
  link,
  label,
  copyLabel,
  onCopied,
}: {
  link: string
  label: string
  copyLabel: string
  /** Whether the clipboard took the link (it can refuse, e.g. in a page without focus). */
  onCopied: (copied: boolean) => void
}) {
  return (
    <div className="mt-6 flex max-w-3xl flex-col gap-2 sm:flex-row sm:items-end">
      <label className="flex flex-1 flex-col gap-1.5 text-sm font-semibold text-ink">
        {label}
        <input
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          data-share-link=""
          className="min-h-12 rounded-md border border-ink/25 bg-white px-4 text-base font-normal"
        />
      </label>
      <button
        type="button"
        className="button button--ghost"
        onClick={() => {
          void navigator.clipboard
            ?.writeText(link)
            .then(() => onCopied(true))
            .catch(() => onCopied(false))
        }}
      >
        {copyLabel}
      </button>
    </div>
  )
}
