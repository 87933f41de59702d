/**
 * A local stand-in for an OSRM routing server (tests only; never started by the demo, where the
 * routing provider is off). It answers the Route service as OSRM's HTTP documentation describes
 * (docs/http.md, "Route service", "Route object", "RouteLeg object", "Waypoint"): 200 with
 * `code: 'Ok'`, `routes[0].legs` one per pair of coordinates in metres and seconds, `waypoints`
 * with `[longitude, latitude]` locations; 400 with `InvalidUrl`/`InvalidQuery`/`InvalidValue`
 * for a request it cannot read, `TooBig` past 100 coordinates. Its distances are the straight
 * line times 1.4 at 50 km/h: made up, but different from the site's own estimate, so a test sees
 * which one was used. `requests` lists the paths it was asked for.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

const EARTH_M = 6_371_008.8
function metresBetween([lng1, lat1]: [number, number], [lng2, lat2]: [number, number]): number {
  const rad = Math.PI / 180
  const h =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2
  return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(h)))
}

export async function startFakeOsrm(options: { port?: number; failWith?: string } = {}) {
  const requests: string[] = []
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://osrm.local')
    requests.push(url.pathname + url.search)
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' })
      res.end(JSON.stringify(body))
    }
    const match = /^\/route\/v1\/([\w-]+)\/([^/]+?)(?:\.json)?$/.exec(url.pathname)
    if (!match)
      return send(400, { code: 'InvalidUrl', message: `URL string malformed close to position ${url.pathname.length}: "${url.pathname}"` })
    if (options.failWith)
      return send(options.failWith === 'NoRoute' ? 200 : 400, { code: options.failWith, message: 'Impossible route between points' })
    const coordinates = decodeURIComponent(match[2]!)
      .split(';')
      .map((pair) => pair.split(',').map(Number) as [number, number])
    if (coordinates.some((c) => c.length !== 2 || c.some((n) => !Number.isFinite(n)))) {
      return send(400, { code: 'InvalidQuery', message: 'Query string malformed close to position 0' })
    }
    if (coordinates.some(([lng, lat]) => Math.abs(lng) > 180 || Math.abs(lat) > 90)) {
      return send(400, { code: 'InvalidValue', message: 'Invalid coordinate value.' })
    }
    if (coordinates.length < 2) return send(400, { code: 'InvalidValue', message: 'Number of coordinates needs to be at least two.' })
    if (coordinates.length > 100) return send(400, { code: 'TooBig', message: 'Too many trace coordinates' })
    const legs = coordinates.slice(1).map((to, i) => {
      const distance = Math.round(metresBetween(coordinates[i]!, to) * 1.4 * 10) / 10
      const duration = Math.round((distance / (50_000 / 3600)) * 10) / 10
      return { steps: [], summary: '', weight: duration, duration, distance }
    })
    const distance = legs.reduce((sum, leg) => sum + leg.distance, 0)
    const duration = legs.reduce((sum, leg) => sum + leg.duration, 0)
    send(200, {
      code: 'Ok',
      routes: [{ legs, weight_name: 'routability', weight: duration, duration, distance }],
      waypoints: coordinates.map((location) => ({ hint: 'fake', distance: 0, name: '', location })),
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
