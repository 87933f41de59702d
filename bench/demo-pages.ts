/**
 * The demo pages the benchmarks measure beyond fixed addresses: the first listing page /whats-on
 * links to. The demo's first listing sync runs in the background after the server starts
 * listening, so this waits (up to 2 minutes) for the grid to show one; undefined if it never does.
 */
export async function firstListingPath(baseUrl: string): Promise<string | undefined> {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 1000))) {
    const grid = await (await fetch(`${baseUrl}/whats-on`, { headers: { accept: 'text/html' } })).text()
    const listing = /href="(\/listing\/[^"#?]+)"/.exec(grid)?.[1]
    if (listing) return listing
  }
  return undefined
}
