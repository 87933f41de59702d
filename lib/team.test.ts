import { describe, expect, it } from 'vitest'
import { describeActivity, formatSiteTime, siteDayEnd, siteDayStart, teamMayPublish, teamRoleOf } from './team.ts'

describe('days in the site time zone (Australia/Adelaide)', () => {
  it('starts a summer day at 13:30 UTC the day before and a winter day at 14:30', () => {
    expect(siteDayStart('2026-11-24').toISOString()).toBe('2026-11-23T13:30:00.000Z')
    expect(siteDayStart('2026-06-01').toISOString()).toBe('2026-05-31T14:30:00.000Z')
  })

  it('makes the day daylight saving ends 25 hours long', () => {
    const start = siteDayStart('2026-04-05')
    const end = siteDayEnd('2026-04-05')
    expect(start.toISOString()).toBe('2026-04-04T13:30:00.000Z')
    expect(end.toISOString()).toBe('2026-04-05T14:30:00.000Z')
    expect((end.getTime() - start.getTime()) / 3_600_000).toBe(25)
  })

  it('takes a wall-clock time the clocks skip or repeat as a person setting a schedule would', async () => {
    const { siteLocalToInstant, instantToSiteLocal } = await import('./schedule.ts')
    // 4 October 2026: 02:00 becomes 03:00. 02:30 does not exist; it is read as 03:30 (an hour after 01:30).
    expect(siteLocalToInstant('2026-10-04T01:30')!.toISOString()).toBe('2026-10-03T16:00:00.000Z')
    expect(siteLocalToInstant('2026-10-04T02:30')!.toISOString()).toBe('2026-10-03T17:00:00.000Z')
    expect(instantToSiteLocal('2026-10-03T17:00:00.000Z')).toBe('2026-10-04T03:30')
    // 5 April 2026: 03:00 becomes 02:00 again. 02:30 happens twice; it is read as the second
    // (standard time), an hour after the first, never before the time a reader of either clock means.
    expect(siteLocalToInstant('2026-04-05T02:30')!.toISOString()).toBe('2026-04-04T17:00:00.000Z')
    expect(instantToSiteLocal('2026-04-04T16:00:00.000Z')).toBe('2026-04-05T02:30')
    expect(instantToSiteLocal('2026-04-04T17:00:00.000Z')).toBe('2026-04-05T02:30')
    // Another zone's rules come from the same data: Lord Howe moves by half an hour (02:15 is 02:45).
    expect(siteLocalToInstant('2026-10-04T02:15', 'Australia/Lord_Howe')!.toISOString()).toBe('2026-10-03T15:45:00.000Z')
  })

  it('shows an instant as DD/MM/YYYY HH:mm on the site clock', () => {
    expect(formatSiteTime('2026-11-23T13:45:00.000Z')).toBe('24/11/2026 00:15')
  })
})

describe('team roles', () => {
  it('takes the highest team role; an Editor alone may not publish; page roles only keep what they had', () => {
    expect(teamRoleOf(['editor', 'admin'])).toBe('admin')
    expect(teamRoleOf(['writers'])).toBeNull()
    expect(teamMayPublish(['editor'])).toBe(false)
    expect(teamMayPublish(['editor', 'publisher'])).toBe(true)
    expect(teamMayPublish(['writers'])).toBe(true)
  })

  it('describes entries in plain words', () => {
    expect(describeActivity({ kind: 'page', action: 'publish', subject: '/about' })).toBe('published the page /about')
    expect(describeActivity({ kind: 'siteSettings', action: 'save', subject: '' })).toBe('saved the site settings')
    expect(describeActivity({ kind: 'account', action: 'role-change', subject: 'ann (editor → publisher)' })).toBe(
      'changed the role of ann (editor → publisher)',
    )
  })
})
