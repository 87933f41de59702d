import { Popover } from 'radix-ui'
import { createElement, useId, useState } from 'react'
import { DayPicker } from 'react-day-picker'
import { formatDmy, parseDate } from '#lib/dates'
import type { EditableProps, Path } from '#ui/editing'
import { chrome } from '#ui/editor/classes.ts'
import { useField } from './use-field.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.blocks

/** A date edited in place (spec 01 §2.9 'date'): typed as DD/MM/YYYY or picked from a calendar. */
export function DateEditable(props: EditableProps & { absolutePath: Path }) {
  const { as = 'span', className, elementProps, placeholder, label } = props
  const { value, active, select, set } = useField(props)
  const text = typeof value === 'string' ? value : ''
  const [draft, setDraft] = useState<string | null>(null)
  const inputId = useId()
  const selected = parseDate(text) ?? undefined
  const invalid = draft !== null && draft.trim() !== '' && !parseDate(draft)
  return (
    <Popover.Root onOpenChange={(open) => (open ? select(false) : setDraft(null))}>
      <Popover.Trigger asChild>
        {createElement(
          typeof as === 'string' ? as : 'span',
          {
            ...elementProps,
            className,
            role: 'button',
            tabIndex: 0,
            'aria-label': `${t.chooseDate}${label ? `: ${label}` : ''}`,
            'data-editable': 'date',
            'data-active': active || undefined,
            'data-placeholder': placeholder ?? t.date,
            'data-empty': text ? undefined : '',
          },
          text || null,
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content sideOffset={6} className={`${chrome.z} ${chrome.panel} rounded-md p-3`} data-editor-chrome="">
          <label htmlFor={inputId} className={chrome.label}>
            {t.date}
          </label>
          <input
            id={inputId}
            className={`mt-1 ${chrome.input} ${chrome.focus}`}
            value={draft ?? text}
            aria-invalid={invalid || undefined}
            placeholder="DD/MM/YYYY"
            onChange={(e) => {
              setDraft(e.target.value)
              const date = parseDate(e.target.value)
              if (date) set(formatDmy(date))
              else if (!e.target.value.trim()) set('')
            }}
          />
          {invalid ? <p className={chrome.fieldError}>{t.dateInvalid}</p> : null}
          <DayPicker
            mode="single"
            selected={selected}
            defaultMonth={selected}
            onSelect={(date) => {
              setDraft(null)
              set(date ? formatDmy(date) : '')
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
