/**
 * "Closed on Mondays" (issue 35 point 1): the listings feature reads the provider's opening times
 * (listings/opening-hours.ts); the planner only asks it, through the same adapter as the trip's PDF.
 */
export { closedOn } from '../../listings/trip/closed.ts'
