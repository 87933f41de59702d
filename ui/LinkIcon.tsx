import { ArrowDownIcon, ArrowRightIcon, ExternalIcon, FileIcon, type IconProps } from './icons'

/** The Link block's icon depends on the link type (spec 02 §2.8). */
export function LinkTypeIcon({ type, ...props }: IconProps & { type?: string }) {
  switch (type) {
    case 'file':
      return <FileIcon {...props} />
    case 'anchor':
      return <ArrowDownIcon {...props} />
    case 'external':
      return <ExternalIcon {...props} />
    default:
      return <ArrowRightIcon {...props} />
  }
}
