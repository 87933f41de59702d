/**
 * The spec's words, held to the code (issue 30 point 8). Every text the spec documents quotes
 * ('...') is either a row here — the spec's literal beside the text the site shows for it — or
 * listed below as not a visitor's or editor's text (an address, a code, a stored value). A changed
 * word in lib/texts.ts, a text the spec adds, or a row whose literal left the spec fails the test.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { roomTypes } from './concierge.ts'
import { newCategoryName } from './listings.ts'
import { blockTexts, chapterTexts, conciergeTexts, listingPdfTexts, listingTexts, texts } from './texts.ts'
import { editorTexts, blockEditorTexts } from './editor-texts.ts'

const SPEC_FILES = ['01-site-and-editor.md', '02-listings-blocks-booking.md']
/** The shared spec folder beside the project (the clean-clone CI gets a copy of it there too). */
const specFolder = [new URL('../../shared/spec/', import.meta.url), new URL('../../../shared/spec/', import.meta.url)].find((url) =>
  fs.existsSync(new URL(SPEC_FILES[0]!, url)),
)

/**
 * The quoted literals of a spec file: a ' that opens after a space or punctuation and closes
 * before one; an apostrophe inside a word (Let's, wasn't) does not close it.
 */
function quotedLiterals(markdown: string): string[] {
  const re = /(?<=^|[\s([{,:;/"—–-])'(?=\S)((?:[^'\n]|'(?=[\p{L}\d]))*?)'(?=$|[\s,.;:)\]}!?/—–-])/gmu
  return [...markdown.matchAll(re)].map((m) => m[1]!)
}

/**
 * [the spec's literal, what the site shows, the placeholders of the literal filled as the text was]:
 * a template of the spec ({status}, N, ...) is compared with the text made from the same values.
 */
type Row = [spec: string, shown: string, fill?: Record<string, string>]

const ROWS: Row[] = [
  // Spec 01 §2.2: the error page.
  ['{status} Error', texts.errors.statusTitle(404), { '{status}': '404' }],
  ['Back To Homepage', texts.errors.backHome],
  ['Page not found.', texts.errors.notFoundTitle],
  ["Let's get back on the bus this wasn't in the brochure.", texts.errors.notFoundMessage],
  ['An Unknown Error Occurred', texts.errors.unknown],
  ['This page could not be found', texts.errors.couldNotBeFound],
  ['An error occurred while showing the error page', texts.errors.errorPageFailed],
  ['whppt:error Page not found.', texts.errors.pageTypeNotFound],
  ['Unknown middleware {name}', texts.errors.unknownMiddleware('audit'), { '{name}': 'audit' }],
  // §2.3-2.4: sign-in and password recovery.
  ['Welcome', editorTexts.login.title],
  ['Username or Email', editorTexts.login.username],
  ['Password', editorTexts.login.password],
  ['Submit', editorTexts.login.submit],
  ['Forgot Password?', editorTexts.login.forgotPassword],
  ['Forgot Password?', editorTexts.forgotPassword.title],
  ['Email', editorTexts.forgotPassword.email],
  ['Reset Password', editorTexts.forgotPassword.submit],
  ['Check your mail', editorTexts.forgotPassword.sentTitle],
  ['Back to login', editorTexts.forgotPassword.backToLogin],
  ['Please provide your email address', editorTexts.forgotPassword.emailRequired],
  ['Please provide a valid email address', editorTexts.forgotPassword.emailInvalid],
  ['You are already logged in as another user', texts.toasts.alreadyLoggedIn],
  // §2.5-2.10: the editor.
  ['Welcome to your dashboard', editorTexts.dashboard.title],
  ['Are you sure you want to delete this component?', editorTexts.confirmDeleteComponent],
  ['Are you sure?', editorTexts.confirm],
  ["Changes you've made may not be saved, are you sure you want to leave this page?", editorTexts.unsavedChanges],
  ['Value provided is not type Array, please provide an Array or use the setSelected', editorTexts.notAnArray],
  ['Value is missing', editorTexts.valueMissing],
  // §2.11 and spec 02 §2.7: stories and chapters.
  ['Chapters', chapterTexts.panelTitle],
  ['Create story', chapterTexts.createStory],
  ['New Story', chapterTexts.newStory],
  ['Your slug: ...', chapterTexts.slugPreview('wine-trail'), { '...': 'wine-trail' }],
  ['Delete Story', chapterTexts.deleteStory],
  ['Associate this page to a story', chapterTexts.associate],
  ['Read More', chapterTexts.readMore],
  ['Read Less', chapterTexts.readLess],
  ['Download Chapter', chapterTexts.downloadChapter],
  // §2.12 and spec 02 §2.6: the concierge form.
  ['Concierge Form', conciergeTexts.panelTitle],
  ['Concierge Form Email Address', conciergeTexts.email],
  ['Save Contact Details', conciergeTexts.save],
  ['Done', conciergeTexts.done],
  ['Next Step', conciergeTexts.nextStep],
  ['Send enquiry', conciergeTexts.send],
  ['Enquiry Sent', conciergeTexts.sent],
  ["Ooop. We'll need this one.", conciergeTexts.required],
  ['Wrong email format.', conciergeTexts.wrongEmail],
  ['A$ ', conciergeTexts.budgetPrefix],
  ['N/A', conciergeTexts.notApplicable],
  ['1 Bed', roomTypes[0]],
  ['Twin Beds', roomTypes[1]],
  [
    'Thank you for completing this form, The Barossa Visitor Centre staff will be in touch with you within 24 hours.',
    conciergeTexts.success,
  ],
  ['Please correctly fill in all required fields, or try again later', conciergeTexts.failure],
  // §4: toasts.
  ['Page Saved', texts.toasts.pageSaved],
  ['Page Deleted', texts.toasts.pageDeleted],
  ['Page Published', texts.toasts.pagePublished],
  ['Page Unpublished', texts.toasts.pageUnpublished],
  ['Footer Saved', texts.toasts.footerSaved],
  ['Footer Published', texts.toasts.footerPublished],
  ['Nav Saved', texts.toasts.navSaved],
  ['Nav Published', texts.toasts.navPublished],
  ['Site Settings Saved', texts.toasts.siteSettingsSaved],
  ['Site Settings Published', texts.toasts.siteSettingsPublished],
  ['Password successfully reset, you can now login.', texts.toasts.passwordReset],
  ['Concierge Form Details Saved', texts.toasts.conciergeSaved],
  ['Success', texts.toasts.success],
  ['Unknown Error', texts.toasts.unknownError],
  // The booking provider's cart and gadgets.
  ['No token provided, please try again!', texts.cart.noToken],
  ['No Data Found', texts.cart.noData],
  ['Gift Card Error', texts.booking.giftCardError],
  // Spec 02 §2.1: the listing page.
  ['You might also like', listingTexts.page.related],
  ['Inactive Listing.', listingTexts.page.inactive],
  ['Every day', listingTexts.page.everyDay],
  ['Various Times', listingTexts.page.variousTimes],
  ['Free Entry', listingTexts.page.freeEntry],
  ['No facilities found', listingTexts.page.noFacilities],
  ['No Cancellation Policy found', listingTexts.page.noCancellation],
  ['Read More', listingTexts.page.readMore],
  ['Read Less', listingTexts.page.readLess],
  ['Book Now', listingTexts.page.bookNow],
  ['Something went wrong.', listingTexts.page.somethingWrong],
  // §3: the listing grid and its PDF.
  ['All Locations', listingTexts.grid.allLocations],
  ['N Results', listingTexts.grid.results(12), { N: '12' }],
  ['No Listings found.', listingTexts.grid.none],
  ['No Listings found.', listingPdfTexts.none],
  ['Free', listingTexts.grid.free],
  ['Book Now', listingTexts.grid.bookNow],
  ['Load More', listingTexts.grid.loadMore],
  ['Export to PDF', listingTexts.grid.exportPdf],
  ['Generating Your PDF', listingTexts.grid.generatingTitle],
  ["We're generating your event calendar.", listingTexts.grid.generatingText],
  ['Event Calendar', listingPdfTexts.title],
  ['Show "Export to PDF" Button', listingTexts.block.showExport],
  // §4-§9: the listing editor and the provider's categories.
  ['Edit Listing', listingTexts.editor.title],
  ['Sync with ATDW', listingTexts.editor.syncAtdw],
  ['Sync with BookEasy', listingTexts.editor.syncBookEasy],
  ['ATDW', listingTexts.atdw.tab],
  ['Add New Category', listingTexts.atdw.addCategory],
  ['New Category {n}', newCategoryName(2), { '{n}': '3' }],
  ['Tags to Exclude', listingTexts.atdw.excludedTags],
  ['Hide Child Listings', listingTexts.atdw.hideServices],
  ['Required Attributes', listingTexts.atdw.attributes],
  ['Show Dates Filters?', listingTexts.atdw.hasDates],
  ['None', listingTexts.atdw.none],
  ['This category is currently being used on N page(s)', listingTexts.atdw.deleteInUse(3), { N: '3' }],
  ['You will need to remove this category from use to delete it', listingTexts.atdw.deleteInUseHelp],
  ['This action will delete this category permanently, are you sure?', listingTexts.atdw.deleteConfirm],
  ['Category has to be unpublished first', listingTexts.toasts.categoryMustUnpublish],
  ["Category isn't published", listingTexts.toasts.categoryNotPublished],
  ['Listing Saved', listingTexts.toasts.listingSaved],
  ['Tags Saved', listingTexts.toasts.tagsSaved],
  ['Tags Published', listingTexts.toasts.tagsPublished],
  ['Category Saved', listingTexts.toasts.categorySaved],
  ['Category Published', listingTexts.toasts.categoryPublished],
  ['Category Unpublished', listingTexts.toasts.categoryUnpublished],
  ['Category Added', listingTexts.toasts.categoryAdded],
  ['Listing Updated with Book Easy', listingTexts.toasts.listingBookEasy],
  ['Listing Synced', listingTexts.toasts.listingSynced],
  // §8: the region map block.
  ['Alpaca Url', blockEditorTexts.regionMap.url],
  ['No map found for this URL.', blockTexts.regionMap.noMap],
]

/** Quoted in the spec, and not words the site shows: addresses, codes, stored values, names of states. */
const NOT_TEXTS = new Set([
  // Hosts, address prefixes, the API prefix and collections.
  'localhost',
  'listing/',
  'chapters/{story slug}/',
  'api',
  '/',
  'listings',
  'chapters',
  // Stored values: page types, link types, settings ids, image sizes, provider codes and statuses.
  'page',
  'chapter',
  'listing',
  'external',
  'siteSettings',
  'auto',
  'product',
  'service',
  'ACTIVE',
  'atdw',
  'IMAGE',
  'CAUBENQUIR',
  'VENUE',
  'none',
  '1',
  // The provider's membership codes, offered as they are (spec 02 §9).
  'Barossa(G)[SA]',
  'TourismBarossa(TBI)[SA]',
  'BarossaGrape&Wine(BGWA)[SA]',
  // Names the spec gives a state or an icon, not a text: the icon has its own label, the mode is the menu's "Select Component".
  'publish with notification',
  'Select',
  'No map URL',
])

const fill = (spec: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((text, [placeholder, value]) => text.replace(placeholder, value), spec)

describe("the spec's words", () => {
  const literals = specFolder
    ? new Set(SPEC_FILES.flatMap((file) => quotedLiterals(fs.readFileSync(new URL(file, specFolder), 'utf8'))))
    : new Set<string>()

  it('finds the spec beside the project', () => {
    expect(specFolder, 'shared/spec/ next to the repository').toBeDefined()
    // The two documents quote about 160 different literals; far fewer means the reading broke.
    expect(literals.size).toBeGreaterThan(140)
  })

  it.each(ROWS)('"%s" is shown exactly', (spec, shown, values) => {
    expect(literals.has(spec), 'the literal is still quoted in the spec').toBe(true)
    expect(shown).toBe(fill(spec, values))
  })

  it('leaves no quoted literal of the spec without a row or a reason', () => {
    const covered = new Set(ROWS.map(([spec]) => spec))
    expect([...literals].filter((l) => !covered.has(l) && !NOT_TEXTS.has(l))).toEqual([])
    // And no reason is kept for a literal the spec no longer quotes.
    expect([...NOT_TEXTS].filter((l) => !literals.has(l))).toEqual([])
  })

  it('reads quoted literals around apostrophes inside words', () => {
    expect(quotedLiterals(`shows 'Let's go, it's here.' and 'Done'; the story's id`)).toEqual(["Let's go, it's here.", 'Done'])
  })
})
