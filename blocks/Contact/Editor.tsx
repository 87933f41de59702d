import { useId } from 'react'
import { buttonClass, RowButton, TextInput } from '#ui/editor/fields'
import { chrome } from '#ui/editor/classes'
import { ArrowDownIcon, CloseIcon, EmailIcon, LocationIcon, PhoneIcon, UrlIcon } from '#ui/icons'
import type { BlockEditorProps } from '../define'
import { contactTypes, type ContactMethod, type Props } from './schema'
import { editorTexts, blockEditorTexts } from '#lib/editor-texts'

const t = blockEditorTexts.contact
const icons = { phone: PhoneIcon, email: EmailIcon, location: LocationIcon, url: UrlIcon }

/** The contact icon chooser (spec 02 §2.9): one radio group of the four icons per method. */
export function IconChooser({
  value,
  onChange,
  legend,
}: {
  value: ContactMethod['type']
  onChange: (type: ContactMethod['type']) => void
  legend: string
}) {
  const name = useId()
  return (
    <fieldset>
      <legend className={chrome.label}>{legend}</legend>
      <div className="mt-1 flex gap-2">
        {contactTypes.map((type) => {
          const Icon = icons[type]
          return (
            <label key={type} className="cursor-pointer" title={t.types[type]}>
              <input
                type="radio"
                name={name}
                value={type}
                checked={value === type}
                onChange={() => onChange(type)}
                className="peer sr-only"
              />
              <span className="flex size-10 items-center justify-center rounded-full text-neutral-700 ring-1 ring-neutral-300 peer-checked:bg-red peer-checked:text-white peer-checked:ring-red peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-red">
                <Icon size={18} />
                <span className="sr-only">{t.types[type]}</span>
              </span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}

export function Editor({ block, set }: BlockEditorProps<Props>) {
  const methods = block.contactMethods ?? []
  const update = (index: number, patch: Partial<ContactMethod>) =>
    set(
      'contactMethods',
      methods.map((m, i) => (i === index ? { ...m, ...patch } : m)),
    )
  return (
    <div className="flex flex-col gap-4">
      <h3 className="text-sm font-semibold text-neutral-900">{t.methods}</h3>
      {methods.map((method, i) => (
        <fieldset key={i} className="flex flex-col gap-3 rounded-md p-3 ring-1 ring-neutral-200">
          <legend className="px-1 text-xs font-semibold text-neutral-700">{t.method(i + 1)}</legend>
          <IconChooser legend={t.icon} value={method.type} onChange={(type) => update(i, { type })} />
          <TextInput label={editorTexts.siteDocs.text} value={method.text} onChange={(e) => update(i, { text: e.target.value })} />
          <TextInput
            label={editorTexts.siteDocs.href}
            value={method.link}
            spellCheck={false}
            onChange={(e) => update(i, { link: e.target.value })}
          />
          <div className="flex gap-2">
            <RowButton
              label={editorTexts.siteDocs.moveDown}
              disabled={i === methods.length - 1}
              onClick={() =>
                set(
                  'contactMethods',
                  methods.map((m, j) => (j === i ? methods[i + 1]! : j === i + 1 ? methods[i]! : m)),
                )
              }
            >
              <ArrowDownIcon size={16} />
            </RowButton>
            <RowButton
              label={editorTexts.siteDocs.remove}
              onClick={() =>
                set(
                  'contactMethods',
                  methods.filter((_, j) => j !== i),
                )
              }
            >
              <CloseIcon size={16} />
            </RowButton>
          </div>
        </fieldset>
      ))}
      <button
        type="button"
        className={`${buttonClass.secondary} ${buttonClass.small} self-start`}
        disabled={methods.length >= 12}
        onClick={() => set('contactMethods', [...methods, { type: 'phone', text: '', link: '' }])}
      >
        + {t.methods}
      </button>
    </div>
  )
}
