import type { ReactNode } from 'react'
import type { Path } from '#ui/editing'
import { settingsEditors } from './blocks.ts'
import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from '../icons.tsx'
import type { EditorAction } from '../state/reducer.ts'
import type { SelectionView } from '../state/types.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.blocks

export interface BlockActionsProps {
  path: Path
  componentType: string
  index: number
  count: number
  dispatch: (action: EditorAction) => void
  /** The view of the component panel that is showing (marks its button pressed). */
  view?: SelectionView | null
  /** Remove is hovered: the frame shows red (spec 01 §4). */
  onDangerChange?: (danger: boolean) => void
  variant: 'toolbar' | 'panel'
}

/** Spec 01 §2.10: Up, Down, Remove, Spacing, Duplicate Components (and Settings when the block has an editor). */
export function BlockActions({ path, componentType, index, count, dispatch, view, onDangerChange, variant }: BlockActionsProps) {
  const hasSettings = !!settingsEditors[componentType]
  const button = (
    label: string,
    onClick: () => void,
    children: ReactNode,
    options: { disabled?: boolean; danger?: boolean; pressed?: boolean } = {},
  ) => (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={options.disabled}
      aria-pressed={options.pressed}
      onClick={(event) => {
        event.stopPropagation()
        onClick()
      }}
      onMouseEnter={options.danger ? () => onDangerChange?.(true) : undefined}
      onMouseLeave={options.danger ? () => onDangerChange?.(false) : undefined}
      onFocus={options.danger ? () => onDangerChange?.(true) : undefined}
      onBlur={options.danger ? () => onDangerChange?.(false) : undefined}
      className={`inline-flex h-8 min-w-8 items-center justify-center gap-1 rounded px-2 text-xs font-semibold outline-none focus-visible:ring-2 focus-visible:ring-blue-600 disabled:opacity-40 ${
        options.danger
          ? 'text-red-darker hover:bg-red/10'
          : options.pressed
            ? 'bg-neutral-900 text-white'
            : 'text-neutral-800 hover:bg-neutral-100'
      }`}
    >
      {children}
    </button>
  )
  const remove = () => {
    onDangerChange?.(false)
    if (window.confirm(editorTexts.confirmDeleteComponent)) dispatch({ type: 'removeBlock', path })
  }
  return (
    <div
      role="toolbar"
      aria-label={t.toolbar(componentType)}
      data-editor-chrome=""
      className={
        variant === 'toolbar'
          ? 'flex items-center gap-0.5 rounded-md bg-white p-1 font-sans shadow-lg ring-1 ring-black/15'
          : 'flex flex-wrap items-center gap-1'
      }
      onKeyDown={(event) => event.stopPropagation()}
    >
      {button(t.up, () => dispatch({ type: 'moveBlock', path, delta: -1 }), <ArrowUpIcon />, { disabled: index <= 0 })}
      {button(t.down, () => dispatch({ type: 'moveBlock', path, delta: 1 }), <ArrowDownIcon />, { disabled: index >= count - 1 })}
      {button(t.duplicate, () => dispatch({ type: 'duplicateBlock', path }), <DuplicateIcon />)}
      {button(t.spacing, () => dispatch({ type: 'openComponentPanel', view: 'spacing' }), <SpacingIcon />, { pressed: view === 'spacing' })}
      {hasSettings
        ? button(t.settings, () => dispatch({ type: 'openComponentPanel', view: 'settings' }), <SettingsIcon />, {
            pressed: view === 'settings',
          })
        : null}
      {button(t.remove, remove, <TrashIcon />, { danger: true })}
    </div>
  )
}

const svg = {
  width: 16,
  height: 16,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const

function DuplicateIcon() {
  return (
    <svg {...svg}>
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
    </svg>
  )
}

function SpacingIcon() {
  return (
    <svg {...svg}>
      <path d="M4 4h16M4 20h16M12 7v10M9 10l3-3 3 3M9 14l3 3 3-3" />
    </svg>
  )
}

function SettingsIcon() {
  return (
    <svg {...svg}>
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </svg>
  )
}
