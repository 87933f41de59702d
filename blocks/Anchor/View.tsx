import { Editable } from '#ui/editing'
import type { Props } from './schema'

/** An invisible target for anchor links; scroll-margin keeps it clear of the sticky header. */
export function View({ id }: Props) {
  return (
    <Editable kind="anchor" path="id" value={id} optional label="Anchor" className="scroll-mt-28" elementProps={id ? { id } : undefined}>
      {id ? false : undefined}
    </Editable>
  )
}
