/**
 * The trip planner's addresses (issue 35), apart from its model: pages that only link to the trip
 * (the visitor's list, the enquiry form) import these few bytes, never the planner's code.
 */
export const TRIP_PATH = '/trip'
/** The share link's parameter: /trip?share=<the trip, base64url>. */
export const TRIP_SHARE_PARAM = 'share'
/** The enquiry page's parameter asking it to add the visitor's trip to the message. */
export const TRIP_ENQUIRY_PARAM = 'trip'
