/**
 * The checks the publish panel runs before a page goes live (issue 34 point 5). The server checks
 * the page's document (server/publish/checks.ts); the editor checks the page as it is drawn
 * (app/editor/publish/rendered-checks.ts). An admin may make any of them blocking in Site Settings
 * (siteSettings.publishChecks); a picture without a text alternative always blocks.
 */
export const SERVER_CHECKS = [
  'alt-missing',
  'link-unpublished',
  'link-missing',
  'link-redirected',
  'listing-inactive',
  'listing-unpublished',
  'event-over',
] as const
export const RENDERED_CHECKS = ['heading-order', 'image-oversized'] as const
export const PUBLISH_CHECKS = [...SERVER_CHECKS, ...RENDERED_CHECKS] as const
export type PublishCheck = (typeof PUBLISH_CHECKS)[number]

export const isPublishCheck = (value: unknown): value is PublishCheck => (PUBLISH_CHECKS as readonly unknown[]).includes(value)

/** Checks an admin cannot make optional: publishing always refuses a picture without alt text. */
export const ALWAYS_BLOCKING: readonly PublishCheck[] = ['alt-missing']

/** A picture is "far above" its displayed size past this many times its displayed width (at the screen's density). */
export const OVERSIZED_FACTOR = 2.5
