import type { Props } from './schema'

/** An invisible target for anchor links; scroll-margin keeps it clear of the sticky header. */
export function View({ id }: Props) {
  if (!id) return null
  return <div id={id} className="scroll-mt-28" />
}
