/** Shared class names of the editor chrome: neutral white and grey, the site's red only as accent. */
export const chrome = {
  /** Above the page's own layers (sticky header, skip link) but below sonner's toasts. */
  z: 'z-[1000]',
  panel: 'bg-white text-neutral-900 shadow-xl ring-1 ring-black/10 font-sans text-sm leading-normal',
  heading: 'font-sans text-lg font-semibold text-neutral-900',
  focus: 'outline-none focus-visible:ring-2 focus-visible:ring-red focus-visible:ring-offset-2 focus-visible:ring-offset-white',
  button:
    'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50',
  primary: 'bg-red text-white hover:bg-red-darker',
  secondary: 'bg-white text-neutral-800 ring-1 ring-neutral-300 hover:bg-neutral-100',
  link: 'text-sm font-medium text-red underline underline-offset-2 hover:text-red-darker',
  input:
    'block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 placeholder:text-neutral-400 aria-[invalid=true]:border-red-lighter',
  label: 'block text-sm font-medium text-neutral-800',
  fieldError: 'mt-1 text-xs font-medium text-red',
  /** A Radix Tabs trigger (modal tabs). */
  tab: '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-neutral-600 hover:text-neutral-900 data-[state=active]:border-red data-[state=active]:text-red outline-none focus-visible:ring-2 focus-visible:ring-red focus-visible:ring-offset-0',
  alert: 'rounded-md bg-red/5 px-3 py-2 text-sm text-red-darker ring-1 ring-red/20',
} as const
