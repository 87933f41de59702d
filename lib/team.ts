import { TZDate, tzOffset } from '@date-fns/tz'

/**
 * The team's fixed roles (issue 21), shared by the server's checks and the editor's screens.
 * A user's `roles` may also hold other names that pages use for their viewer/editor/publisher
 * roles; those are kept beside the team role and changed only where pages are.
 */
export const TEAM_ROLES = ['admin', 'publisher', 'editor'] as const
export type TeamRole = (typeof TEAM_ROLES)[number]

export const teamRoleInfo: Record<TeamRole, { label: string; description: string }> = {
  admin: { label: 'Admin', description: 'Everything, including editors and domains' },
  publisher: { label: 'Publisher', description: 'Edit and publish' },
  editor: { label: 'Editor', description: 'Edit and save drafts' },
}

export const isTeamRole = (role: string): role is TeamRole => (TEAM_ROLES as readonly string[]).includes(role)

/**
 * The highest team role among a user's roles. An account holding none (one made through the API
 * with page roles only, before issue 21) keeps what it could do before: publish where pages allow.
 */
export function teamRoleOf(roles: readonly string[]): TeamRole | null {
  if (roles.includes('admin')) return 'admin'
  if (roles.includes('publisher')) return 'publisher'
  if (roles.includes('editor')) return 'editor'
  return null
}

/** Whether a user's team role lets them publish, unpublish and delete anything at all. */
export const teamMayPublish = (roles: readonly string[]) => teamRoleOf(roles) !== 'editor'

/** Why "Publish Page" is disabled for an editor (shown beside it). */
export const cannotPublishReason = 'Your role (Editor) can save drafts; a publisher or an admin publishes.'

/** The activity log's times are shown in the region's time zone, whatever the viewer's clock says. */
export const SITE_TIME_ZONE = 'Australia/Adelaide'

export const ACTIVITY_KINDS = [
  'page',
  'navigation',
  'footer',
  'siteSettings',
  'domain',
  'listing',
  'category',
  'tag',
  'story',
  'account',
] as const
export type ActivityKind = (typeof ACTIVITY_KINDS)[number]

export const activityKindLabel: Record<ActivityKind, string> = {
  page: 'Pages',
  navigation: 'Navigation',
  footer: 'Footer',
  siteSettings: 'Site settings',
  domain: 'Domains',
  listing: 'Listings',
  category: 'Categories',
  tag: 'Tags',
  story: 'Stories',
  account: 'Editors and sign-ins',
}

export interface ActivityEntry {
  id: number
  at: string
  userId: string | null
  username: string | null
  kind: string
  action: string
  domainId: string | null
  subjectId: string | null
  subject: string
}

/** Who the log names for what no signed-in person did (issue 29 point 10). */
export const ACTOR_NOT_SIGNED_IN = 'Not signed in'
export const ACTOR_COMMAND_LINE = 'Command line'
/** A failed sign-in's subject: the account, or all names that match none, and the attempts that minute. */
export const FAILED_SIGN_IN_UNKNOWN = 'a name that matches no account'
export const failedSignInSubject = (account: string, count: number) => `${account} (${count} ${count === 1 ? 'attempt' : 'attempts'})`

/** One line a person reads: "published the page /about". */
export function describeActivity(e: Pick<ActivityEntry, 'kind' | 'action' | 'subject'>): string {
  const what = e.subject ? ` ${e.subject}` : ''
  switch (e.action) {
    case 'sign-in':
      return 'signed in'
    case 'sign-in-failed':
      return `failed to sign in as${what}`
    case 'create-account':
      return `created the account${what}`
    case 'setup':
      return `created the first admin account${what}`
    case 'permissions':
      return `changed who may view, edit and publish the ${e.kind}${what}`
    case 'draft-link':
      return `made a draft link to the ${e.kind}${what}`
    case 'revoke-draft-link':
      return `revoked a draft link to the ${e.kind}${what}`
    case 'upload':
      return `uploaded the ${e.kind}${what}`
    // The media library (issue 36).
    case 'replace':
      return `replaced the ${e.kind}${what} in place`
    case 'update':
      return `changed the details of the ${e.kind}${what}`
    case 'move':
      return `moved${what} to another folder`
    case 'tag':
      return `tagged${what}`
    case 'untag':
      return `removed tags from${what}`
    case 'create-folder':
      return `created the folder${what}`
    case 'rename-folder':
      return `renamed the folder${what}`
    case 'delete-folder':
      return `deleted the folder${what}`
    case 'move-host':
      return `moved the address${what}`
    case 'sync':
      return `refreshed the ${e.kind}${what} from the provider`
    case 'invite':
      return `invited${what}`
    case 'resend-invite':
      return `resent the invitation to${what}`
    case 'copy-invite-link':
      return `copied the invitation link for${what}`
    case 'withdraw-invite':
      return `withdrew the invitation to${what}`
    case 'role-change':
      return `changed the role of${what}`
    case 'deactivate':
      return `deactivated${what}`
    case 'set-password':
      return 'set their password'
    case 'change-password':
      return 'changed their password'
    case 'change-email':
      return 'changed their e-mail address'
    // A domain's languages (issue 33): its addresses change with them.
    case 'languages':
      return `changed the languages of the ${e.kind}${what}`
    // Scheduled publishing (issue 17 point 6).
    case 'schedule-publish':
      return `scheduled the publish of the ${e.kind}${what}`
    case 'schedule-unpublish':
      return `scheduled the unpublish of the ${e.kind}${what}`
    case 'cancel-schedule-publish':
      return `cancelled the scheduled publish of the ${e.kind}${what}`
    case 'cancel-schedule-unpublish':
      return `cancelled the scheduled unpublish of the ${e.kind}${what}`
    case 'scheduled-publish':
      return `published the ${e.kind}${what} as scheduled`
    case 'scheduled-unpublish':
      return `unpublished the ${e.kind}${what} as scheduled`
    default: {
      const noun =
        e.kind === 'conciergeForm'
          ? 'where enquiries are sent'
          : e.kind === 'siteSettings'
            ? 'the site settings'
            : e.kind === 'navigation' || e.kind === 'footer'
              ? `the ${e.kind}`
              : `the ${e.kind}`
      const verb = e.action === 'save' ? 'saved' : e.action === 'delete' ? 'deleted' : e.action === 'restore' ? 'restored' : `${e.action}ed`
      return `${verb} ${noun}${what}`
    }
  }
}

/** Milliseconds the time zone is ahead of UTC at an instant (@date-fns/tz, from Intl's zone data). */
export const zoneOffsetMs = (instant: number, timeZone: string): number => tzOffset(timeZone, new Date(instant)) * 60_000

/**
 * The instant a wall-clock time of a time zone stands for (@date-fns/tz's TZDate): a time skipped
 * when the clocks go forward counts from before the change (02:30 on that day is 03:30), and one
 * that happens twice when they go back is its second occurrence (standard time).
 */
export const zonedInstant = (timeZone: string, y: number, month: number, d: number, h = 0, mi = 0, s = 0): Date =>
  new Date(new TZDate(y, month - 1, d, h, mi, s, timeZone).getTime())

/** The instant a YYYY-MM-DD day begins in the site's time zone (for "from"/"to" filters). */
export function siteDayStart(ymd: string, timeZone: string = SITE_TIME_ZONE): Date {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number]
  return zonedInstant(timeZone, y, m, d)
}

/** "24/11/2026 21:45" in the site's time zone. */
export function formatSiteTime(iso: string, timeZone: string = SITE_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-AU', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(iso))
    .replace(',', '')
}

/** The instant the day after a YYYY-MM-DD day begins in the site's time zone ("to" includes its day). */
export function siteDayEnd(ymd: string, timeZone: string = SITE_TIME_ZONE): Date {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number]
  return siteDayStart(new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10), timeZone)
}

/** The team screens' words (dashboard tabs, editors panel, my account, activity log, page permissions). */
export const teamTexts = {
  tabs: { latest: 'Latest activity', editors: 'Editors', activity: 'Activity log', account: 'My account', permissions: 'Permissions' },
  dashboardTabs: 'Dashboard sections',
  latestEmpty: 'Nothing has been changed yet.',
  showAll: 'Show the whole activity log',
  editors: {
    heading: 'Editors',
    columns: { name: 'Name', email: 'E-mail', role: 'Role', status: 'State', lastSignIn: 'Last sign-in', actions: 'Actions' },
    status: { pending: 'Invited', active: 'Active', deactivated: 'Deactivated' },
    never: 'Never',
    noRole: 'No team role',
    roleOf: (name: string) => `Role of ${name}`,
    resend: 'Resend invitation',
    withdraw: 'Withdraw invitation',
    /** A site without mail (issue 31 point 5): the admin passes the link on by hand. */
    copyLink: 'Copy invitation link',
    linkFor: (name: string) => `Invitation link for ${name}`,
    linkHelp:
      'Send it to them yourself (chat, text message): it lets them choose their password, works once and for 24 hours. A link sent by e-mail keeps working too.',
    linkCopied: (name: string) => `Invitation link for ${name} copied`,
    linkShown: (name: string) => `Invitation link for ${name} shown below: copy it from there`,
    deactivate: 'Deactivate',
    deactivateConfirm: (name: string) =>
      `Deactivate ${name}? They are signed out at once and can no longer sign in. What they changed stays in the activity log.`,
    withdrawConfirm: (name: string) => `Withdraw the invitation to ${name}? Their link stops working.`,
    you: '(you)',
    inviteHeading: 'Invite an editor',
    username: 'Username',
    email: 'E-mail address',
    role: 'Role',
    invite: 'Send invitation',
    invited: (email: string) => `Invitation sent to ${email}`,
    resent: (email: string) => `Invitation sent again to ${email}`,
    withdrawn: 'Invitation withdrawn',
    roleChanged: (name: string, role: string) => `${name} is now ${role}`,
    deactivated: (name: string) => `${name} has been deactivated`,
    rolesHeading: 'What each role may do',
  },
  account: {
    passwordHeading: 'Change your password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'New password again',
    mismatch: 'The two new passwords differ',
    changePassword: 'Change password',
    passwordChanged: 'Password changed. Your other sessions have been signed out.',
    emailHeading: 'Change your e-mail address',
    currentEmail: (email: string) => `Your address is ${email}.`,
    newEmail: 'New e-mail address',
    changeEmail: 'Send confirmation link',
    emailChanged: 'Your e-mail address has been changed.',
    emailNotChanged: 'This link to confirm an e-mail address is invalid or has expired.',
    confirmEmailTitle: 'Confirm your new e-mail address',
    confirmEmailText: 'Your sign-in e-mail address changes to this one when you confirm.',
    confirmEmailButton: 'Confirm this address',
  },
  activity: {
    person: 'Person',
    kind: 'Kind',
    from: 'From',
    to: 'To',
    anyone: 'Anyone',
    anything: 'Everything',
    empty: 'No activity matches these filters.',
    columns: { when: 'When', who: 'Who', what: 'What' },
    timeZoneNote: `Times are in the site's time zone (${SITE_TIME_ZONE}).`,
    someone: 'the server',
  },
  permissions: {
    heading: 'Who may view, edit and publish this page',
    note: 'Admins may always do everything. With no role ticked, every signed-in editor may (and every visitor may view).',
    view: 'View',
    edit: 'Edit',
    publish: 'Publish',
    save: 'Save permissions',
    saved: 'Permissions saved',
    adminOnly: 'Only an admin can change who may view, edit and publish this page.',
    current: (field: string, roles: string[]) => `${field}: ${roles.length ? roles.join(', ') : 'everyone'}`,
  },
  signedOut: 'You have been signed out. Please sign in again.',
  /** An editor deactivated by an admin while editing (issue 31): the 401's message, and what the editor sees. */
  deactivated: {
    message: 'An admin has deactivated your editor account, so this change was not saved.',
    title: 'Your editor account has been deactivated',
    description:
      'An admin has deactivated your account while you were editing, so your last changes could not be saved. What you typed is kept in this browser: copy it below and send it to a colleague who can still edit.',
    textLabel: 'What you typed and had not saved',
    nothing: 'You had no unsaved changes.',
    copy: 'Copy the text',
    copied: 'Copied',
    close: 'Close',
  },
} as const

export type EditorStatus = 'pending' | 'active' | 'deactivated'

/** An editor as the editors panel shows them (the team API's answer). */
export interface TeamMember {
  _id: string
  username: string
  email: string
  role: TeamRole | null
  roles: string[]
  status: EditorStatus
  lastSignInAt: string | null
  createdAt: string
}
