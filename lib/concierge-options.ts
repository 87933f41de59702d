/**
 * The concierge enquiry's choices (spec 02 §2.6): their values, sent and e-mailed in English. A
 * module of their own, without zod, so the site texts (lib/site-texts/en.ts, in every visitor's
 * bundle) can name them without the form's schema.
 */
export const preferredContacts = ['Email', 'Phone'] as const
export const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const
export const roomTypes = ['1 Bed', 'Twin Beds'] as const
export const accomTypes = [
  'Bed & Breakfast',
  'Hotel / Motel',
  'Resort, Luxury Retreat or Lodge',
  'Apartment',
  'Budget Backpacker',
  'Caravan Park, Cabin or Camping',
  'Cottage / Self-Contained',
  'Farm Stay',
  "Don't Know / Any",
  'Other',
] as const
export const whereToStay = ['Angaston', 'Greenock', 'Lyndoch', 'Nuriootpa', 'Tanunda', 'Williamstown', "Don't Know / Any", 'Other'] as const
export const activities = [
  'Group Wine Tours',
  'Private Wine Tours / Transport',
  'Hot Air Balloons / Helicopter Rides',
  'Bike hire or Tour',
  'Wine Experiences',
  'Culinary Experiences',
  'Golf',
  'Music / Theatre / Arts',
  'Restaurants / Dining',
  'Spas',
  'Markets / Shopping / Retail',
  'Heritage / History',
  'Wine Tasting',
] as const
export const bookingsToHelp = [
  'Group Wine Tours',
  'Private Wine Tours / Transport',
  'Hot Air Balloons Ride/ Helicopter Rides',
  'Helicopter Ride',
  'Wine Experiences',
  'Bike Hire or Tour',
  'Culinary Experiences',
] as const
