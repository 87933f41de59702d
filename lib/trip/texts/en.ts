/**
 * The trip planner's words (issue 35 point 1), in English. A module of their own rather than a group
 * of lib/site-texts: the site texts travel with every visitor page, these only with the planner's
 * chunk (issue 35 point 6). German and Chinese (de.ts, zh-Hans.ts) have the type `TripTexts`, so a
 * missing key fails the typecheck, as for the site texts (docs/decisions/025, 033).
 */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many.replace('#', String(n)))

export const tripTextsEn = {
  title: 'My trip',
  intro:
    'Your saved places arranged into days. Drag a stop, or use its move buttons, to change the order; the trip stays in this browser until you share it.',
  loading: 'Loading your trip…',
  emptyList: 'Your list is empty. Save listings with the heart button, then plan your trip here.',
  backToList: 'Back to my list',
  day: (n: number) => `Day ${n}`,
  dayHeading: (title: string, n: number) => `${title}: ${plural(n, '1 stop', '# stops')}`,
  dayDate: 'Date',
  dayDateHint: 'Leave empty for an undated day.',
  addDay: 'Add a day',
  removeDay: (title: string) => `Remove day: ${title}`,
  removeDayShort: 'Remove day',
  emptyDay: 'No stops yet: drag one here or move one with its buttons.',
  listTitle: 'Not planned yet',
  listIntro: 'Saved places that are not in a day.',
  listEmpty: 'Every saved place is in a day.',
  stops: (title: string) => `Stops of ${title}`,
  dragHandle: (title: string) => `Drag ${title}`,
  moveUp: (title: string) => `Move ${title} up`,
  moveDown: (title: string) => `Move ${title} down`,
  moveToDay: (title: string) => `Move ${title} to`,
  moveToDayShort: 'Move to',
  chooseDay: 'Choose a day',
  toList: 'Not planned yet',
  note: 'Note',
  noteLabel: (title: string) => `Note for ${title}`,
  notePlaceholder: 'Booking times, who drives, what to bring…',
  /** Announced after a move (screen readers). */
  moved: (title: string, where: string, position: number, of: number) => `${title} moved to ${where}, position ${position} of ${of}.`,
  movedToList: (title: string) => `${title} moved to Not planned yet.`,
  dragHelp:
    'To move a stop, press Space or Enter on its handle, move it with the arrow keys, and press Space again to drop it. Its buttons move it too.',
  dragStart: (title: string) => `Picked up ${title}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
  dragOver: (title: string, where: string, position: number) => `${title} is over ${where}, position ${position}.`,
  dragCancel: (title: string) => `Moving ${title} was cancelled.`,
  dayAdded: (title: string) => `${title} added.`,
  dayRemoved: (title: string) => `${title} removed; its stops are back in Not planned yet.`,
  // The map and distances
  map: (title: string, n: number) => `Map of ${title}: ${plural(n, '1 stop', '# stops')} in order`,
  mapNone: 'No stop of this day has a position to show on a map.',
  leg: (km: string, minutes: string) => `${km} km, about ${minutes} by car`,
  legLabel: (from: string, to: string) => `From ${from} to ${to}`,
  minutes: (n: number) => (n < 60 ? `${n} min` : `${Math.floor(n / 60)} h ${n % 60 ? `${n % 60} min` : ''}`.trim()),
  estimate: 'Distances and driving times are estimates from the straight line between places (roads are longer), not a route.',
  routed: 'Distances and driving times follow the roads (a routing service), without traffic.',
  dayTotal: (km: string, minutes: string) => `Driving this day: ${km} km, about ${minutes}`,
  // Warnings
  warnings: 'Check before you go',
  ends: (date: string) => `Ends ${date}`,
  endsBefore: (date: string) => `Ends ${date}, before this day`,
  starts: (date: string) => `Starts ${date}, after this day`,
  notThatDay: 'Not on this day',
  /** weekday: 0 Sunday … 6 Saturday. */
  closedOn: (weekday: number) => `Closed on ${WEEKDAYS[weekday] ?? ''}s`,
  // Sharing, printing, PDF, enquiry
  closedThatDay: (exception: string) => (exception ? `Closed that day (${exception})` : 'Closed that day'),
  actions: 'Trip actions',
  share: 'Share my trip',
  shareLabel: 'Link to my trip',
  copy: 'Copy link',
  copied: 'Link copied.',
  print: 'Print',
  pdf: 'PDF',
  pdfBusy: 'The PDF is being made…',
  pdfFailed: 'The PDF could not be made; try again in a moment.',
  enquire: 'Send my trip with an enquiry',
  noEnquiryPage: 'Enquiries are not open on this site yet.',
  sharedTitle: 'A shared trip',
  sharedIntro: (days: number, stops: number) =>
    `Someone shared a trip with you: ${plural(days, '1 day', '# days')}, ${plural(stops, '1 stop', '# stops')}. It is read-only; save it to change it.`,
  sharedBroken: 'This trip link is damaged or too long: ask for the link again.',
  sharedGone: (n: number) =>
    plural(n, '1 place on this trip is no longer on the site.', '# places on this trip are no longer on the site.'),
  saveShared: 'Save as my trip',
  savedShared: 'Saved as your trip.',
  replaceWarning: 'This replaces the trip you have in this browser.',
  viewMine: 'View my trip',
  planTrip: 'Plan my trip',
  // The enquiry and the PDF
  enquiryNotice: (n: number) => `Your trip (${plural(n, '1 stop', '# stops')}) is added to your message in the last step.`,
  enquiryMessage: (lines: string[]) => `My trip:\n${lines.join('\n')}`,
  pdfTitle: (siteName: string) => (siteName ? `My trip – ${siteName}` : 'My trip'),
  pdfFileName: (siteName: string) => (siteName ? `My trip ${siteName}.pdf` : 'My trip.pdf'),
  pdfMade: (date: string) => `Made on ${date}`,
}

type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : T extends object
      ? { readonly [K in keyof T]: Widen<T[K]> }
      : T

export type TripTexts = Widen<typeof tripTextsEn>
