/** What the server adds to a Deals block (its data.server.ts): the current deals. Types only. */
export interface DealCard {
  dealId: string
  name: string
  description: string
  /** '$120' or the provider's price comment, or ''. */
  price: string
  /** The last day of its in-market period, formatted in the page's language. */
  ends: string
  listing: { name: string; slug: string }
}

export interface DealsBlockData {
  deals: DealCard[]
}
