/** Draft links (issue 17 point 7): a signed, expiring address that shows a page's current draft without an account. */

/** The query parameter carrying the signed token on the page's own address. */
export const DRAFT_LINK_PARAM = 'draft'

export type DraftLinkProblem = 'invalid' | 'expired' | 'revoked'

export const draftLinkTexts = {
  tab: 'Share draft',
  intro:
    'A draft link shows this page as last saved to someone without an account, read-only. It is not indexed by search engines and stops working after it expires.',
  create: 'Create draft link',
  creating: 'Creating…',
  linkLabel: 'Draft link',
  copy: 'Copy link',
  copied: 'Draft link copied',
  expires: (when: string) => `Works until ${when} (site time).`,
  unsaved: 'Save the page first: the link shows the last saved draft.',
  banner: 'Draft preview: this page may differ from what visitors see, and may not be published yet.',
  invalidTitle: 'This draft link is not valid',
  invalidMessage: 'The link may have been copied incompletely. Ask the person who sent it for a new one.',
  expiredTitle: 'This draft link has expired',
  expiredMessage: 'Draft links work for a limited time. Ask the person who sent it for a new one.',
  revokedTitle: 'This draft link has been withdrawn',
  revokedMessage: 'Whoever shared this link has withdrawn it. Ask them for a new one if you still need to see the draft.',
  /** The links still in use, in the panel that makes them (issue 29 point 10). */
  inUse: 'Links in use',
  none: 'No draft link of this page is in use.',
  madeBy: (who: string | null, when: string, until: string) => `Made${who ? ` by ${who}` : ''} ${when}, works until ${until}`,
  revoke: 'Revoke',
  revokeLabel: (when: string) => `Revoke the link made ${when}`,
  revoked: 'Draft link revoked',
}
