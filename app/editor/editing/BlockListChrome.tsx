import { Popover } from 'radix-ui'
import { useId, useMemo, useState } from 'react'
import { texts } from '#lib/texts'
import type { BlockListChromeProps, ContainerId, Path } from '#blocks/editing'
import { PlusIcon } from '../icons.tsx'
import { chrome } from '../surfaces/classes.ts'
import { addableTypes, matching, newBlock } from './blocks.ts'
import { useBridge } from './bridge.ts'

const t = texts.editor.blocks

/** A block list in Select Component mode: its blocks, then an 'Add component' control at its end. */
export function BlockListChrome({ path, container, count, children }: BlockListChromeProps) {
  const bridge = useBridge()
  return (
    <>
      {children}
      {bridge ? (
        <div className="editor-add-row" data-editor-chrome="">
          <BlockPicker path={path} container={container} index={count} />
        </div>
      ) : null}
    </>
  )
}

/** The searchable picker of the block types the container allows (containers.ts), inserting at `index`. */
export function BlockPicker({ path, container, index }: { path: Path; container: ContainerId; index: number }) {
  const bridge = useBridge()
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const searchId = useId()
  const types = useMemo(() => addableTypes(container), [container])
  const shown = useMemo(() => matching(types, query), [types, query])
  const add = (componentType: string) => {
    bridge?.dispatch({ type: 'insertBlock', listPath: path, index, block: newBlock(componentType) })
    setOpen(false)
    setQuery('')
  }
  const where = path.length > 1 ? String(path[path.length - 1]) : 'page'
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className={`inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 font-sans text-sm font-semibold text-neutral-900 shadow ring-1 ring-neutral-300 hover:bg-neutral-100 ${chrome.focus}`}
        aria-label={t.addComponentTo(where)}
      >
        <PlusIcon />
        {t.addComponent}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={8}
          className={`${chrome.z} ${chrome.panel} flex max-h-[min(420px,70vh)] w-72 flex-col rounded-md p-3`}
          data-editor-chrome=""
          aria-label={t.addComponent}
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            document.getElementById(searchId)?.focus()
          }}
        >
          <label htmlFor={searchId} className={chrome.label}>
            {t.searchComponents}
          </label>
          <input
            id={searchId}
            type="search"
            autoComplete="off"
            className={`mt-1 ${chrome.input} ${chrome.focus}`}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              const first = shown[0]
              if (e.key === 'Enter' && first) {
                e.preventDefault()
                add(first.type)
              }
            }}
          />
          <ul className="mt-2 min-h-0 flex-1 overflow-y-auto" aria-label={t.addComponent}>
            {shown.map((type) => (
              <li key={type.type}>
                <button
                  type="button"
                  className={`w-full rounded px-2 py-1.5 text-left text-sm hover:bg-neutral-100 ${chrome.focus} focus-visible:ring-offset-0`}
                  onClick={() => add(type.type)}
                >
                  {type.label}
                </button>
              </li>
            ))}
          </ul>
          {shown.length === 0 ? <p className="mt-2 text-sm text-neutral-600">{t.noComponents}</p> : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
