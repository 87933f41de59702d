import { clsx } from 'clsx'
import { Fragment } from 'react'
import { Editable, useEditing } from '#ui/editing'
import { parseFormatted, type Inline } from './format'
import type { Props } from './schema'

function Inlines({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.kind === 'strong' ? (
          <strong key={i}>{part.text}</strong>
        ) : part.kind === 'em' ? (
          <em key={i}>{part.text}</em>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  )
}

export function View({ text, inContainer }: Props) {
  const editing = useEditing()
  if (!text.trim() && !editing) return null
  const blocks = parseFormatted(text)
  return (
    <div className={clsx(inContainer && 'container-site')}>
      <Editable
        kind="content"
        path="text"
        value={text}
        placeholder="Text (## heading, - list, **bold**)"
        className="prose-rich mx-auto max-w-3xl"
      >
        {blocks.map((block, i) => {
          switch (block.kind) {
            case 'h2':
              return (
                <h2 key={i}>
                  <Inlines parts={block.text} />
                </h2>
              )
            case 'h3':
              return (
                <h3 key={i}>
                  <Inlines parts={block.text} />
                </h3>
              )
            case 'ul':
            case 'ol': {
              const List = block.kind
              return (
                <List key={i}>
                  {block.items.map((item, j) => (
                    <li key={j}>
                      <Inlines parts={item} />
                    </li>
                  ))}
                </List>
              )
            }
            default:
              return (
                <p key={i}>
                  {block.lines.map((line, j) => (
                    <Fragment key={j}>
                      {j > 0 ? <br /> : null}
                      <Inlines parts={line} />
                    </Fragment>
                  ))}
                </p>
              )
          }
        })}
      </Editable>
    </div>
  )
}
