/**
 * The page header's video and overlayer (spec 01 §3, §5): the same zod rules check saves on the
 * server (lib/content headerSchema) and the sidebar editors here.
 */
export {
  headerOverlayerSchema,
  headerVideoSchema,
  OVERLAYER_WIDTH_MAX,
  OVERLAYER_WIDTH_MIN,
  overlayerPositions,
  type HeaderOverlayer,
  type HeaderVideo,
} from '#lib/content'
export { isMp4Url } from '#lib/video-link'
