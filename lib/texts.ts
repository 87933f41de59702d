/**
 * Every user-visible text the spec names, in one place, so the UI and the tests use the same words
 * and a translation has one file to change.
 */
/**
 * Texts the block views show visitors. A named export of its own, so a visitor's bundle carries
 * these few strings and not the editor's (tree-shaking drops the unused `texts` object).
 */
export const blockTexts = {
  carousel: {
    label: 'Highlights',
    slides: 'Choose a slide',
    slide: (n: number, of: number) => `${n} of ${of}`,
  },
  video: {
    play: (title: string) => `Play video: ${title}`,
    defaultTitle: 'Video',
    privacy: (provider: string) => `Playing loads the video from ${provider}.`,
  },
  /** Spec 02 §8: the region map without a usable address (shown to editors only). */
  regionMap: {
    noMap: 'No map found for this URL.',
    defaultTitle: 'Map of the region',
  },
  newsletter: {
    firstName: 'First name',
    email: 'Email address',
    submit: 'Subscribe',
    sending: 'Subscribing…',
    success: 'Thank you for subscribing. Look out for our next newsletter in your inbox.',
    failure: 'Sorry, we could not sign you up just now. Please try again later.',
    /** The demo's stand-in for the form service (issue 31): nothing is sent anywhere. */
    demo: 'This is the demo: the sign-up goes nowhere and no address is kept. A real site sends it to its newsletter service.',
  },
  mosaic: { label: 'Featured places' },
  cardCarousel: { label: 'Carousel', previous: 'Previous', next: 'Next' },
  /** A feature tile's link when it has no words of its own. */
  learnMore: 'Learn more',
  header: {
    pauseVideo: 'Pause background video',
    playVideo: 'Play background video',
    editVideo: 'Edit Video',
    editOverlayer: 'Edit Overlayer',
  },
} as const

/** Spec 01 §2.11, §2.13 and spec 02 §2.7: stories, chapter pages and the Chapters block. */
export const chapterTexts = {
  panelTitle: 'Chapters',
  stories: 'Stories',
  title: 'Title',
  slug: 'Slug',
  description: 'Description',
  actions: 'Actions',
  createStory: 'Create story',
  newStory: 'New Story',
  slugPreview: (slug: string) => `Your slug: ${slug}`,
  create: 'Create',
  deleteStory: 'Delete Story',
  deleteConfirm: (title: string) => `The story '${title}' will be deleted. This cannot be undone.`,
  noStories: 'No stories yet.',
  storyHasChapters: (n: number) =>
    `This story still has ${n} chapter page${n === 1 ? '' : 's'}: delete them or associate them with another story first.`,
  pageType: 'Page type',
  pageTypes: { page: 'Page', chapters: 'Chapters' },
  associate: 'Associate this page to a story',
  chooseStory: 'Choose a story',
  storyRequired: 'Please choose a story for this chapter page',
  /** The Chapters block. */
  readMore: 'Read More',
  readLess: 'Read Less',
  downloadChapter: 'Download Chapter',
  chapterButton: (n: string, heading: string) => `Chapter ${n}${heading ? `: ${heading}` : ''}`,
  previous: 'Previous chapter',
  next: 'Next chapter',
  showing: (n: number, count: number, heading: string) => `Chapter ${n} of ${count}${heading ? `: ${heading}` : ''}`,
  chaptersNav: 'Chapters',
  /** The chapter page route. */
  upNext: 'Up next',
  overview: 'All chapters in this story',
  chapterOf: (n: number, count: number) => `Chapter ${n} of ${count}`,
  current: 'You are reading this chapter',
} as const
/** Spec 01 §2.12, spec 02 §2.6, §3.3, §5, §8: the concierge enquiry. */
export const conciergeTexts = {
  panelTitle: 'Concierge Form',
  /** The block's heading on the page: words for visitors (spec 02 §2.8 gives the block no fields, so no editable title). */
  heading: 'Ask our visitor centre',
  email: 'Concierge Form Email Address',
  emailInfo: 'Feedback from the concierge form is sent to this email address.',
  ccs: 'Also send a copy to',
  cc: (n: number) => `Copy ${n} email address`,
  addCc: 'Add address',
  removeCc: (n: number) => `Remove copy ${n}`,
  save: 'Save Contact Details',
  enquiries: 'Received enquiries',
  noEnquiries: 'No enquiries yet.',
  received: 'Received',
  from: 'From',
  delivery: 'E-mail',
  deliveryStatus: { sent: 'Sent', pending: 'Waiting to send', failed: 'Failed', outbox: 'In the outbox', none: 'No address set' } as Record<
    string,
    string
  >,
  steps: {
    contact: 'Contact details',
    visit: 'Tell us about your visit',
    accommodation: 'Do you need Accommodation?',
    activities: 'What activities are you interested in?',
    comments: 'Any other questions or comments?',
  },
  nextStep: 'Next Step',
  done: 'Done',
  send: 'Send enquiry',
  sending: 'Sending…',
  sent: 'Enquiry Sent',
  required: "Ooop. We'll need this one.",
  wrongEmail: 'Wrong email format.',
  minPeople: 'Please enter at least 1.',
  minChildren: 'Please enter 0 or more.',
  wholeNumber: 'Please enter a whole number.',
  budgetInvalid: 'Please enter an amount of 0 or more.',
  dateRange: (min: string, max: string | undefined) =>
    max ? `Please choose a date from ${min} to ${max}.` : `Please choose a date from ${min}.`,
  /** The check-in date is typed as DD/MM/YYYY in any browser (issue 31). */
  dateFormat: 'Please enter a real date as DD/MM/YYYY, for example 05/12/2026.',
  dateFormatPlaceholder: 'DD/MM/YYYY',
  dateFormatHint: '(DD/MM/YYYY)',
  dateHint: (min: string, max: string | undefined) => (max ? `(DD/MM/YYYY, ${min} to ${max})` : `(DD/MM/YYYY, from ${min})`),
  success: 'Thank you for completing this form, The Barossa Visitor Centre staff will be in touch with you within 24 hours.',
  failure: 'Please correctly fill in all required fields, or try again later',
  intro: 'Tell us what you would like to do and our visitor centre team will put together ideas for your visit. We reply within 24 hours.',
  budgetPrefix: 'A$ ',
  stepStatus: (n: number, count: number) => `Step ${n} of ${count}`,
  emailSubject: (name: string) => `Concierge enquiry from ${name}`,
  emailIntro: 'A visitor sent this enquiry through the concierge form:',
  /** The label of the mail's line naming the language of the page the visitor wrote from (sites in several languages). */
  emailLanguage: 'Language of the visitor',
  notApplicable: 'N/A',
  honeypot: 'Leave this field empty',
  labels: {
    firstName: 'First Name',
    surname: 'Surname',
    email: 'Email',
    phone: 'Phone',
    preferredContact: 'Preferred contact method',
    monthToVisit: 'Month you would like to visit',
    checkInDate: 'Check-in date',
    duration: 'Length of stay',
    numOfPeople: 'Number of people',
    numOfChildren: 'Number of children (under 18)',
    celebration: 'Celebrating anything',
    roomTypes: 'Room types',
    accomTypes: 'Accommodation types',
    whereToStay: 'Where to stay',
    budgetPerNight: 'Budget per night',
    specialNeeds: 'Special needs',
    activities: 'Activities',
    bookingsToHelp: 'Bookings we can help with',
    comments: 'Questions or comments',
  },
} as const

/** "Maria", "Maria and Lee", "Maria, Lee and Sam". */
const namesOf = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`

/**
 * Two editors' saves of one page merged field by field (issue 31): the server's answer when both
 * changed a field, the editor's conflict dialog, and what an editor is told a colleague changed.
 */
export const mergeTexts = {
  someone: 'Another editor',
  names: namesOf,
  /** A save whose version is not on record: nothing to merge it against. */
  staleUnknownBase: (who: string, when: string) =>
    `This page was saved by ${who} at ${when} after you opened it. Reload to see their changes, or save again to overwrite them.`,
  sameFields: (who: readonly string[], when: string, count: number) =>
    `This page was saved by ${namesOf(who)} at ${when} after you opened it, with ${count === 1 ? 'a change' : `${count} changes`} to what you changed too. Everything else is merged; choose which version of ${count === 1 ? 'this field' : 'each field'} to keep.`,
  sameFieldsOf: (what: string, who: readonly string[], when: string, count: number) =>
    `The ${what} was saved by ${namesOf(who)} at ${when} after you opened it, with ${count === 1 ? 'a change' : `${count} changes`} to what you changed too. Everything else is merged; choose which version of ${count === 1 ? 'this field' : 'each field'} to keep.`,
  dialog: {
    fieldsCaption: 'Changed by both of you',
    yours: 'Yours',
    theirs: (who: string) => `${who}’s`,
    keepMine: 'Keep mine',
    keepTheirs: (who: string) => `Keep ${who}’s`,
    choose: (field: string) => `Which ${field} to keep`,
    saveChoices: 'Save with these choices',
    removed: 'Removed',
    empty: '(empty)',
    items: (n: number) => `${n} item${n === 1 ? '' : 's'}`,
  },
  /** "Maria changed the heading and the description." */
  changed: (who: readonly string[], what: readonly string[]) => `${namesOf(who)} changed ${namesOf(what)}.`,
  /** Said after it when the editor's own unsaved changes were kept in the merge. */
  yoursKept: 'Your changes are kept.',
  more: (n: number) => `${n} more thing${n === 1 ? '' : 's'}`,
  /** The page header's fields. */
  fields: {
    title: 'the heading',
    description: 'the description',
    subTitle: 'the subtitle',
    heading: 'the heading',
    subheading: 'the subheading',
    image: 'the picture',
  } as Record<string, string>,
  /** The page's own fields (Page Settings). */
  pageFields: {
    title: 'the SEO title',
    description: 'the SEO description',
    slug: 'the address',
    template: 'the template',
    contents: 'the blocks',
  } as Record<string, string>,
  header: (field: string) => `the header’s ${field}`,
  field: (field: string) => `the ${field}`,
  ofBlock: (field: string, block: string) => `${field} of ${block}`,
  block: (title: string, position: number) => `the ${title} block (${position})`,
  added: (title: string) => `added a ${title} block`,
  removed: (title: string) => `removed a ${title} block`,
  order: 'the order of the blocks',
}

export const texts = {
  blocks: blockTexts,
  /** Creating the first editor in the browser (not in the spec: issue 13). */
  firstEditor: {
    title: 'Create the first editor',
    intro:
      'Nobody can sign in to this site yet. Create the first editor account: it can edit and publish everything, and invite the rest of the team.',
    code: 'Setup code',
    codeHint: 'Printed in the server’s log when it started (three groups of four letters and digits).',
    username: 'Username',
    email: 'E-mail address',
    password: 'Password',
    passwordHint: 'At least 8 characters.',
    submit: 'Create the first editor',
    creating: 'Creating…',
  },
  errors: {
    statusTitle: (status: number) => `${status} Error`,
    notFoundTitle: 'Page not found.',
    notFoundMessage: "Let's get back on the bus this wasn't in the brochure.",
    unknown: 'An Unknown Error Occurred',
    backHome: 'Back To Homepage',
    /** The 404 page's search box (issue 19): a way on besides the home page. */
    searchIntro: 'Or search the site for what you were looking for:',
    searchLabel: 'Search the site',
    searchButton: 'Search',
    couldNotBeFound: 'This page could not be found',
    errorPageFailed: 'An error occurred while showing the error page',
    pageTypeNotFound: 'whppt:error Page not found.',
    unknownMiddleware: (name: string) => `Unknown middleware ${name}`,
  },
  toasts: {
    success: 'Success',
    unknownError: 'Unknown Error',
    pageSaved: 'Page Saved',
    pageDeleted: 'Page Deleted',
    pagePublished: 'Page Published',
    pageUnpublished: 'Page Unpublished',
    footerSaved: 'Footer Saved',
    footerPublished: 'Footer Published',
    navSaved: 'Nav Saved',
    navPublished: 'Nav Published',
    siteSettingsSaved: 'Site Settings Saved',
    siteSettingsPublished: 'Site Settings Published',
    passwordReset: 'Password successfully reset, you can now login.',
    conciergeSaved: 'Concierge Form Details Saved',
    alreadyLoggedIn: 'You are already logged in as another user',
  },
  /** The block sidebar editors (spec 02 §2.9) and the page header editors. */
  chapters: chapterTexts,
  concierge: conciergeTexts,
  cart: {
    noToken: 'No token provided, please try again!',
    noData: 'No Data Found',
    unreachable: 'The booking system cannot be reached right now, please try again later',
    notConfigured: 'Online booking is not configured on this site',
    heading: 'Your cart',
    empty: 'Your cart is empty.',
    /** On /booking?operatorId=…, under that operator's availability (issue 31). */
    emptyChoose: 'Nothing in your cart yet: choose a date above and add it to your cart.',
    emptyCart: 'Empty cart',
    remove: (name: string) => `Remove ${name} from your cart`,
    item: (type: string, id: string) => `${type ? `${type[0]!.toUpperCase()}${type.slice(1)}` : 'Booking'} ${id}`,
    count: (n: number) => `Cart (${n})`,
    countLabel: (n: number) => `Your cart: ${n} ${n === 1 ? 'item' : 'items'}`,
    removeShort: 'Remove',
    details: (adults: string, start: string) => [start && `from ${start}`, adults && `${adults} adults`].filter(Boolean).join(', '),
  },
  /** Booking pages and the provider's gadgets (spec 02 §4, §8). */
  booking: {
    title: 'Book your visit',
    lead: 'Check availability and book stays, tours and experiences across the region.',
    loading: 'Loading the booking system…',
    failure: 'The booking system could not be loaded. Please try again later, or call the Visitor Centre.',
    giftCardError: 'Gift Card Error',
    confirmTitle: 'Booking confirmation',
    confirmLead: 'Thank you. Your booking details and receipt are on their way to your e-mail inbox.',
    search: 'Search availability',
    giftCards: 'Gift cards',
    details: 'Availability',
    callUs: 'Prefer to talk? The Visitor Centre books for you:',
    /** /booking?operatorId=… from a listing's 'Book Now' (issue 31). */
    operatorTitle: (name: string) => `Book ${name}`,
    operatorLead: 'Choose your date and guests, add it to your cart, then check out below.',
    aboutOperator: (name: string) => `About ${name}`,
    operatorAvailability: (name: string) => `Availability at ${name}`,
    operatorUnknown: 'That booking link does not match a listing on this site any more. You can still check availability below.',
  },
  /** The consent banner for analytics, the ad pixel, the tag manager and error reporting. */
  consent: {
    title: 'Cookies and analytics',
    text: 'With your consent we use analytics and advertising cookies and error reporting to understand how visitors use this site and improve it. Booking and the site itself work either way.',
    accept: 'Accept',
    decline: 'Decline',
    settings: 'Cookie settings',
  },
} as const

/**
 * Spec 02 §2.1-§2.5, §8: the listing grid, listing pages, the listing editor and the ATDW settings.
 * A named export of its own, like blockTexts, so a visitor's bundle carries only these strings.
 */
export const listingTexts = {
  grid: {
    label: 'Listings',
    keywords: 'Keywords',
    keywordsPlaceholder: 'Search by name or keyword',
    location: 'Location',
    allLocations: 'All Locations',
    from: 'From',
    to: 'To',
    dateHint: 'DD/MM/YYYY',
    /** Spec 02 §2.2: "From may not pass To; To may not precede From": a refused date says why. */
    fromAfterTo: 'The From date cannot be after the To date.',
    toBeforeFrom: 'The To date cannot be before the From date.',
    /** A complete date that does not exist (31/02/2026), and what the results then say (issue 31). */
    notADate: 'This is not a real date: please type it as DD/MM/YYYY.',
    dateNotApplied: 'Type a real date (DD/MM/YYYY) to see the listings for it.',
    categories: 'Categories',
    filters: 'Filters',
    close: 'Close',
    apply: 'Show results',
    results: (n: number) => `${n} Results`,
    none: 'No Listings found.',
    loadMore: 'Load More',
    loading: 'Loading…',
    bookNow: 'Book Now',
    bookNowLabel: (name: string) => `Book Now: ${name}`,
    free: 'Free',
    inactive: 'Inactive',
    exportPdf: 'Export to PDF',
    generatingTitle: 'Generating Your PDF',
    generatingText: "We're generating your event calendar.",
    pdfFileName: (siteName: string) => `Event Calendar${siteName ? ` ${siteName}` : ''}.pdf`,
    /** The events grid's calendar feed (issue 35 point 2): a webcal: link and what it is. */
    subscribe: 'Subscribe in your calendar',
    subscribeHint: 'Your calendar app keeps these events up to date.',
    feedName: (siteName: string) => `${siteName ? `${siteName} ` : ''}Events`,
    /** Opening times and accessibility filters (issue 35 points 3 and 4). */
    openNow: 'Open now',
    openOn: 'Open on',
    openOnHint: 'Listings open that day (DD/MM/YYYY)',
    accessibility: 'Accessibility',
    accessFilters: {
      DISASSIST: 'Welcomes access needs',
      AMBULANT: 'Mobility aids',
      HEARING: 'Hearing',
      SIGHTASSIST: 'Vision',
      COMMUNICATION: 'Learning and communication',
      ALERGYINTOLRNCE: 'Allergies and intolerances',
    } as Record<string, string>,
    sortByDistance: 'Nearest to me',
    sortingByDistance: 'Sorted by distance from you',
    locationUnavailable: 'Your location is not available: the listings keep their order.',
    /** "Nearest to me" (issue 35 point 3): the position is asked for on request only, and used in the browser only. */
    locationDenied: 'You did not allow your location: the listings keep their order.',
    locating: 'Finding your location…',
    distanceAway: (distance: string) => `${distance} away`,
    unlocatedLeftOut: (n: number) =>
      n === 1 ? '1 listing without a location is not in this order.' : `${n} listings without a location are not in this order.`,
  },
  page: {
    inactive: 'Inactive Listing.',
    website: 'Visit Website',
    categories: 'Categories',
    gallery: 'Gallery',
    galleryImage: (n: number, count: number) => `Picture ${n} of ${count}`,
    /** Before the provider's photographer and copyright under a picture. */
    photoCredit: 'Photo:',
    about: 'About',
    details: 'Details',
    openingTimes: 'Opening Times',
    open: 'Open',
    closed: 'Closed',
    /** Opening times of the code ALL. */
    everyDay: 'Every day',
    publicHolidays: 'Public holidays',
    eventDates: 'Dates',
    eventTimes: 'Times',
    /** An event whose occurrences have different times. */
    variousTimes: 'Various Times',
    tickets: 'Tickets',
    freeEntry: 'Free Entry',
    checkIn: 'Check-in',
    checkOut: 'Check-out',
    contact: 'Contact',
    phone: 'Phone',
    email: 'Email',
    address: 'Address',
    facilities: 'Facilities',
    noFacilities: 'No facilities found',
    cancellation: 'Cancellation Policy',
    noCancellation: 'No Cancellation Policy found',
    readMore: 'Read More',
    readLess: 'Read Less',
    services: 'Services',
    booking: 'Book Your Experience',
    bookingText: 'Check availability and book online with the Barossa Visitor Centre.',
    bookNow: 'Book Now',
    related: 'You might also like',
    somethingWrong: 'Something went wrong.',
    syncedNotice:
      'This listing is managed by the ATDW sync: its linked fields are updated from the provider every day. Unlink a field in Edit Listing to keep your own value; mappings are edited in page settings.',
    customNotice: 'This is a custom listing: its details are entered by hand in Edit Listing.',
    partOf: (name: string) => `Part of ${name}`,
    /** An event's .ics download (issue 35 point 2). */
    addToCalendar: 'Add to calendar',
    /** The provider's accessibility attributes in plain words (issue 35 point 4). */
    accessibility: 'Accessibility',
    noAccessibility: 'No accessibility information supplied. Please ask the operator before you visit.',
    accessibilityCodes: {
      DISASSIST: 'Welcomes people with access needs',
      DISTASSIST: 'Some access for people with disability: contact the operator for details',
      NOASSIST: 'Does not cater for people with access needs',
      AMBULANT: 'Caters for people who use mobility aids',
      HEARING: 'Caters for people who are deaf or hard of hearing',
      SIGHTASSIST: 'Caters for people who are blind or have low vision',
      COMMUNICATION: 'Welcomes people with learning or communication needs',
      ALERGYINTOLRNCE: 'Caters for allergies and intolerances',
      ACCESSINCLSTMNT: 'Has an access and inclusion statement: ask the operator for it',
    } as Record<string, string>,
    /** The provider's deals and offers (issue 35 point 5). */
    deals: 'Deals and offers',
    dealEnds: (date: string) => `Offer ends ${date}`,
    noDeals: 'No current deals in this category: deals appear here while they run.',
    dealTerms: 'Terms',
    dealIncludes: 'Includes',
    /** The operator's social pages (issue 37: a click is a referral to the operator). */
    social: 'Follow',
    socialNetworks: { facebook: 'Facebook', instagram: 'Instagram', twitter: 'X (Twitter)' } as Record<string, string>,
    socialLink: (name: string, network: string) => `${name} on ${network}`,
  },
  editor: {
    open: 'Edit Listing',
    title: 'Edit Listing',
    newListing: 'New listing',
    newListingName: 'Listing name',
    create: 'Create',
    syncAtdw: 'Sync with ATDW',
    syncBookEasy: 'Sync with BookEasy',
    save: 'Save',
    link: 'Link',
    unlink: 'Unlink',
    linked: 'Linked to ATDW',
    reconnect: 'Reconnect fields',
    reconnectTitle: 'Reconnect to ATDW',
    reconnectIntro: 'Link a field to its provider value again; the sync then keeps it up to date.',
    providerField: (path: string) => `Provider field: ${path}`,
    allLinked: 'Every field is linked.',
    customCategories: 'Custom categories',
    addCategory: 'Add category',
    removeCategory: (name: string) => `Remove ${name}`,
    bookEasyCode: 'BookEasy operator id',
    bookEasyDefaultDate: 'BookEasy default date (DD/MM/YYYY)',
    statusLocked: 'Status can be changed only when unlinked and the listing page is unpublished.',
    fields: {
      name: 'Name',
      description: 'Description (markdown)',
      phone: 'Phone',
      email: 'Email',
      url: 'Website',
      facebook: 'Facebook',
      instagram: 'Instagram',
      twitterSocial: 'Twitter',
      physicalAddress: 'Physical address',
      image: 'Image',
      activeStatus: 'Status',
    },
  },
  atdw: {
    tab: 'ATDW',
    categoriesTab: 'Listing Categories',
    tagsTab: 'Listing Tags',
    addCategory: 'Add New Category',
    back: 'Back',
    save: 'Save',
    publish: 'Publish',
    unpublish: 'Unpublish',
    delete: 'Delete',
    published: 'Published',
    unpublished: 'Unpublished',
    name: 'Name',
    filters: 'Filters',
    filterGroup: (n: number) => `Filter group ${n}`,
    filterHint: 'Comma-separated tags; a listing needs one tag of every group.',
    addFilter: 'Add filter group',
    removeFilter: (n: number) => `Remove filter group ${n}`,
    excludedTags: 'Tags to Exclude',
    hideServices: 'Hide Child Listings',
    attributes: 'Required Attributes',
    hasDates: 'Show Dates Filters?',
    no: 'No',
    yes: 'Yes',
    tags: 'Listing tags',
    tagKey: 'Tag',
    friendlyName: 'Friendly name',
    /** Issue 33: a category's or tag's name in a further language (its English name is the placeholder). */
    nameIn: (language: string) => `Name in ${language}`,
    friendlyNameIn: (language: string) => `Friendly name in ${language}`,
    translatedNamesHint: 'Left empty, visitors in that language read the default name.',
    none: 'None',
    noCategories: 'No categories yet.',
    deleteInUse: (n: number) => `This category is currently being used on ${n} page(s)`,
    deleteInUseHelp: 'You will need to remove this category from use to delete it',
    deleteConfirm: 'This action will delete this category permanently, are you sure?',
    close: 'Close',
    deleteYes: 'Yes',
    deleteNo: 'No',
  },
  block: {
    categoryFilter: 'Category filter',
    showExport: 'Show "Export to PDF" Button',
    dealsShown: 'Deals shown at most',
  },
  toasts: {
    tagsSaved: 'Tags Saved',
    tagsPublished: 'Tags Published',
    categorySaved: 'Category Saved',
    categoryPublished: 'Category Published',
    categoryUnpublished: 'Category Unpublished',
    categoryAdded: 'Category Added',
    categoryDeleted: 'Category Deleted',
    listingSaved: 'Listing Saved',
    listingBookEasy: 'Listing Updated with Book Easy',
    listingSynced: 'Listing Synced',
    categoryNotPublished: "Category isn't published",
    categoryMustUnpublish: 'Category has to be unpublished first',
  },
} as const

/**
 * The event-calendar PDF of GET /api/listingsPdf/generatePdf (spec 02 §2.2, §7): its title is
 * 'Event Calendar' and its file name 'Event Calendar' plus the site name (listingTexts.grid.pdfFileName).
 */
export const listingPdfTexts = {
  title: 'Event Calendar',
  /** Document title metadata and the heading line: 'Event Calendar Barossa'. */
  documentTitle: (siteName: string) => `Event Calendar${siteName ? ` ${siteName}` : ''}`,
  from: (date: string) => `From ${date}`,
  to: (date: string) => `To ${date}`,
  location: (town: string) => `In ${town}`,
  search: (words: string) => `Matching “${words}”`,
  count: (n: number) => (n === 1 ? '1 listing' : `${n} listings`),
  truncated: (shown: number, total: number) => `The first ${shown} of ${total} listings are shown; narrow the filters to see the rest.`,
  generated: (date: string) => `Generated ${date}`,
  undated: 'Ongoing',
  none: 'No Listings found.',
  page: (n: number, total: number) => `Page ${n} of ${total}`,
} as const

/** The listing grid's map view and the listing page's location (issue 19 point 2). */
export const mapTexts = {
  view: 'View',
  list: 'List',
  map: 'Map',
  mapLabel: 'Map of the listings',
  loading: 'Loading the map…',
  failed: 'The map could not be loaded.',
  unlocated: (n: number) =>
    n === 1 ? '1 listing has no location and is not on the map.' : `${n} listings have no location and are not on the map.`,
  truncated: (shown: number, total: number) => `The map shows the first ${shown} of ${total} listings; narrow the filters to see the rest.`,
  cluster: (n: number) => `${n} listings here: zoom in`,
  marker: (name: string) => name,
  keyboardHelp: 'Use Tab to reach the places on the map and Enter to open one; arrow keys move the map.',
  outline: 'Simplified outline of the region',
  location: 'Location',
  locationMap: (name: string, town: string) => `Map: ${name}${town ? ` in ${town}` : ''}, in the region`,
  openInMaps: 'Open in OpenStreetMap',
} as const

/** The visitor's list of saved listings and pages (issue 19 point 3). */
export const favouriteTexts = {
  save: 'Save',
  saved: 'Saved',
  saveLabel: (title: string) => `Save ${title} to my list`,
  savePage: 'Save this page to my list',
  savedPage: 'Saved to my list',
  myList: 'My list',
  myListCount: (n: number) => `My list (${n})`,
  title: 'My list',
  intro: 'The places and pages you saved on this site. The list stays in this browser; share it as a link or send it with an enquiry.',
  empty: 'Your list is empty. Save listings and pages with the heart button and they appear here.',
  loading: 'Loading your list…',
  count: (n: number) => (n === 1 ? '1 saved item' : `${n} saved items`),
  remove: (title: string) => `Remove ${title} from my list`,
  removeShort: 'Remove',
  clear: 'Clear my list',
  share: 'Share my list',
  shareLabel: 'Link to my list',
  copy: 'Copy link',
  copied: 'Link copied.',
  enquire: 'Send my list with an enquiry',
  noEnquiryPage: 'Enquiries are not open on this site yet.',
  sharedTitle: 'A shared list',
  sharedIntro: (n: number) => (n === 1 ? 'Someone shared 1 item with you.' : `Someone shared ${n} items with you.`),
  sharedEmpty: 'This link holds no items that are still on the site.',
  saveAll: 'Save all to my list',
  savedAll: 'All saved to your list.',
  viewMine: 'View my list',
  /** The way from the list to the trip planner (issue 35). */
  planTrip: 'Plan my trip',
  kinds: { listing: 'Listing', page: 'Page' },
  /** The concierge enquiry's message, prefilled from the list. */
  enquiryNotice: (n: number) =>
    n === 1
      ? 'Your list (1 item) is added to your message in the last step.'
      : `Your list (${n} items) is added to your message in the last step.`,
  enquiryMessage: (lines: string[]) => `My list:\n${lines.join('\n')}`,
} as const

/** The /search page (issue 16 point 1, issue 19): its meta description (search engines and link previews) and its words. */
export const searchPageTexts = {
  description: (siteName: string) =>
    `Search ${siteName || 'the site'}: things to do, events, places to stay, eat and drink, tours and stories.`,
  title: 'Search',
  resultsTitle: (q: string) => `Search results for “${q}”`,
  heading: 'Search',
  button: 'Search',
  noResults: (q: string) => `No results for “${q}”.`,
  results: (n: number, q: string) => `${n} result${n === 1 ? '' : 's'} for “${q}”.`,
  corrected: (q: string) => ` Showing results for “${q}”.`,
  filterByKind: 'Filter results by kind',
  all: 'All',
  pages: 'Search result pages',
  previous: 'Previous',
  next: 'Next',
  pageOf: (n: number, of: number) => `Page ${n} of ${of}`,
  hint: 'Type a word or two: a town, a winery, something to do.',
  label: 'Search the site',
  placeholder: 'Wineries, walks, markets…',
  suggestions: 'Suggestions',
}

/**
 * Texts of the site itself that the spec does not name (issue 33): the language switcher, the
 * header's menu button, the skip link. Translated with the rest of the site texts (lib/site-texts/).
 */
export const siteTexts = {
  language: { label: 'Language' },
  menu: 'Menu',
  skipToContent: 'Skip to content',
  home: (siteName: string) => `${siteName} home`,
  mainNav: 'Main',
  mobileNav: 'Mobile',
  opensNewTab: '(opens in a new tab)',
  /** The header's search (issue 31): a box in the header on wide screens, in the menu on phones. */
  search: { open: 'Search', label: 'Search the site', placeholder: 'Wineries, walks, markets…', button: 'Search' },
  /** Fallbacks where the site's own texts are empty. */
  homeCrumb: 'Home',
  visitorInformation: 'Visitor information',
  privacy: 'Privacy',
  terms: 'Terms',
  breadcrumb: 'Breadcrumb',
  /** The footer's visitor information, named for screen readers before each line. */
  address: 'Address: ',
  phone: 'Phone: ',
  email: 'E-mail: ',
  openingHours: 'Opening hours: ',
  footerLinks: (n: number) => `Footer links ${n}`,
  socialMedia: 'Social media',
  socialLink: (siteName: string, network: string) => `${siteName} on ${network} (opens in a new tab)`,
} as const
