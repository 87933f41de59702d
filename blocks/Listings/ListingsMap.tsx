/**
 * The listing grid's map view (issue 19 point 2), loaded only when a visitor chooses Map: Leaflet
 * with clustered markers (supercluster) for every listing the grid's filters match
 * (POST /api/listing/mapPoints, the same set as the grid). Tiles come from the site's MAP_TILE_URL;
 * without one the map draws the bundled outline of the region, its river and towns, so it works
 * offline.
 *
 * Keyboard: the map takes the arrow keys and +/- when focused; every marker and cluster is a
 * button reached with Tab (Enter opens a listing's popup or zooms into a cluster).
 */
import 'leaflet/dist/leaflet.css'
import L from 'leaflet'
import { useEffect, useId, useRef, useState } from 'react'
import Supercluster from 'supercluster'
import { useTexts } from '#ui/locale'
import { postJson } from '#ui/visitor-api.ts'
import { fetchRequest, type GridFilters } from '../../listings/grid-filters'
import { REGION_OUTLINE, REGION_RIVER, REGION_TOWNS } from '#ui/map-region'

type Point = [id: string, slug: string, name: string, lat: number, lng: number]

interface Answer {
  total: number
  points: Point[]
  unlocated: number
  truncated: boolean
  tiles: { url: string; attribution: string } | null
}

interface Props {
  apiBase: string
  filters: GridFilters
  categoryFilter: string
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const PIN = `<svg viewBox="0 0 24 32" width="26" height="34" aria-hidden="true" focusable="false"><path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.6 12 32 12 32s12-11.4 12-20.1C24 5.3 18.6 0 12 0z" fill="#981a31" stroke="#fff" stroke-width="1.5"/><circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>`

export default function ListingsMap({ apiBase, filters, categoryFilter }: Props) {
  const t = useTexts().map
  const containerRef = useRef<HTMLDivElement>(null)
  const mapRef = useRef<L.Map | null>(null)
  const layerRef = useRef<L.LayerGroup | null>(null)
  const backgroundRef = useRef<L.LayerGroup | null>(null)
  const [answer, setAnswer] = useState<Answer | null>(null)
  const [failed, setFailed] = useState(false)
  const helpId = useId()

  // The request the grid makes, without its page: the whole filtered set.
  const { limit: _limit, currentPage: _page, ...body } = fetchRequest(filters, categoryFilter)
  const key = JSON.stringify(body)

  useEffect(() => {
    const controller = new AbortController()
    postJson(apiBase, '/listing/mapPoints', JSON.parse(key) as typeof body, controller.signal)
      .then((points) => {
        setAnswer(points)
        setFailed(false)
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        console.error(error)
        setFailed(true)
      })
    return () => controller.abort()
  }, [apiBase, key])

  // The map itself, once.
  useEffect(() => {
    const el = containerRef.current
    if (!el) return
    const map = L.map(el, { scrollWheelZoom: false, zoomSnap: 0.5, minZoom: 7, maxZoom: 18 })
    map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>')
    map.fitBounds(L.latLngBounds(REGION_OUTLINE.map(([lng, lat]) => [lat, lng] as [number, number])), { padding: [20, 20] })
    mapRef.current = map
    layerRef.current = L.layerGroup().addTo(map)
    return () => {
      map.remove()
      mapRef.current = null
      layerRef.current = null
      backgroundRef.current = null
    }
  }, [])

  // The background: the site's tiles, or the bundled region.
  const tileUrl = answer?.tiles?.url ?? null
  const attribution = answer?.tiles?.attribution ?? ''
  const haveAnswer = answer !== null
  useEffect(() => {
    const map = mapRef.current
    if (!map || !haveAnswer || backgroundRef.current) return
    const background = L.layerGroup().addTo(map)
    backgroundRef.current = background
    if (tileUrl) {
      L.tileLayer(tileUrl, { attribution: escapeHtml(attribution), maxZoom: 19 }).addTo(background)
    } else {
      const latLngs = (line: [number, number][]) => line.map(([lng, lat]) => [lat, lng] as [number, number])
      L.polygon(latLngs(REGION_OUTLINE), {
        color: '#981a31',
        weight: 2,
        opacity: 0.55,
        fillColor: '#fffdfa',
        fillOpacity: 1,
        interactive: false,
      }).addTo(background)
      L.polyline(latLngs(REGION_RIVER), { color: '#8fb3c9', weight: 3, opacity: 0.9, interactive: false }).addTo(background)
      // The towns' names sit in a pane above the markers (issue 31: clusters covered them), drawn
      // with a white halo so they read over a marker too, and never catch the pointer.
      const towns = map.getPane('towns') ?? map.createPane('towns')
      towns.style.zIndex = '650'
      towns.style.pointerEvents = 'none'
      for (const town of REGION_TOWNS) {
        L.marker([town.lat, town.lng], {
          interactive: false,
          keyboard: false,
          pane: 'towns',
          icon: L.divIcon({
            className: 'pointer-events-none',
            html: `<span data-town="" class="block whitespace-nowrap text-[11px] font-semibold uppercase tracking-wider text-ink-soft [paint-order:stroke] [-webkit-text-stroke:3px_#fffdfa]">${escapeHtml(town.name)}</span>`,
            iconSize: [0, 0],
            iconAnchor: [-6, 6],
          }),
        }).addTo(background)
      }
      map.attributionControl.addAttribution(escapeHtml(t.outline))
    }
    background.eachLayer((layer) => (layer as L.Path).bringToBack?.())
  }, [haveAnswer, tileUrl, attribution, t])

  // The markers: clusters for the current view, redrawn as the visitor moves the map.
  useEffect(() => {
    const map = mapRef.current
    const layer = layerRef.current
    if (!map || !layer || !answer) return
    const index = new Supercluster<{ id: string; slug: string; name: string }>({ radius: 56, maxZoom: 17 })
    index.load(
      answer.points.map(([id, slug, name, lat, lng]) => ({
        type: 'Feature' as const,
        properties: { id, slug, name },
        geometry: { type: 'Point' as const, coordinates: [lng, lat] },
      })),
    )
    // After a cluster is opened by keyboard the markers are drawn anew: the focus goes to the one
    // nearest where the cluster was, so the visitor carries on from there.
    let focusNear: L.LatLng | null = null
    function draw() {
      const wasFocused = focusNear
      focusNear = null
      layer!.clearLayers()
      const bounds = map!.getBounds().pad(0.5)
      const bbox: [number, number, number, number] = [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()]
      for (const feature of index.getClusters(bbox, Math.floor(map!.getZoom()))) {
        const [lng, lat] = feature.geometry.coordinates as [number, number]
        const props = feature.properties
        if ('cluster' in props && props.cluster) {
          const count = props.point_count
          const size = count < 10 ? 36 : count < 100 ? 44 : 52
          const marker = L.marker([lat, lng], {
            icon: L.divIcon({
              className: '',
              html: `<span class="flex h-full w-full items-center justify-center rounded-full border-[3px] border-white bg-red-darker text-sm font-semibold text-white shadow-md">${count}</span>`,
              iconSize: [size, size],
            }),
            keyboard: true,
            riseOnHover: true,
          })
          const expand = (byKeyboard: boolean) => {
            const zoom = Math.min(index.getClusterExpansionZoom(props.cluster_id), 18)
            if (byKeyboard) focusNear = L.latLng(lat, lng)
            map!.flyTo([lat, lng], zoom, { duration: 0.4 })
          }
          marker.on('click', () => expand(false))
          marker.addTo(layer!)
          const el = marker.getElement()
          if (el) {
            el.setAttribute('aria-label', t.cluster(count))
            el.dataset.count = String(count)
            // The hint promises Enter zooms in (Leaflet gives a marker without a popup no key of its own); Space too, as on any button.
            el.addEventListener('keydown', (event) => {
              if (event.key !== 'Enter' && event.key !== ' ') return
              event.preventDefault()
              event.stopPropagation()
              expand(true)
            })
          }
        } else {
          const point = props as { id: string; slug: string; name: string }
          const marker = L.marker([lat, lng], {
            icon: L.divIcon({ className: '', html: PIN, iconSize: [26, 34], iconAnchor: [13, 34], popupAnchor: [0, -30] }),
            keyboard: true,
            riseOnHover: true,
          })
          const link = document.createElement('a')
          link.href = `/${point.slug}`
          link.textContent = point.name
          link.className = 'font-display text-base font-semibold text-red-darkest underline underline-offset-4'
          marker.bindPopup(link, { closeButton: true })
          marker.on('popupopen', () => link.focus())
          marker.addTo(layer!)
          const el = marker.getElement()
          if (el) {
            el.setAttribute('aria-label', t.marker(point.name))
            el.dataset.count = '1'
            el.dataset.listingPoint = point.id
            // Enter opens the popup (Leaflet); Space does the same, as on any button.
            el.addEventListener('keydown', (event) => {
              if (event.key !== ' ') return
              event.preventDefault()
              marker.openPopup()
            })
          }
        }
      }
      if (wasFocused) {
        let nearest: { el: HTMLElement; distance: number } | null = null
        layer!.eachLayer((drawn) => {
          const el = (drawn as L.Marker).getElement?.()
          if (!el) return
          const distance = map!.distance(wasFocused, (drawn as L.Marker).getLatLng())
          if (!nearest || distance < nearest.distance) nearest = { el, distance }
        })
        ;(nearest as { el: HTMLElement } | null)?.el.focus({ preventScroll: true })
      }
      containerRef.current?.setAttribute('data-drawn', String(Date.now()))
    }
    if (answer.points.length) {
      const bounds = L.latLngBounds(answer.points.map((p) => [p[3], p[4]] as [number, number]))
      map.fitBounds(bounds, { padding: [40, 40], maxZoom: 14, animate: false })
    }
    draw()
    map.on('moveend', draw)
    return () => {
      map.off('moveend', draw)
    }
  }, [answer, t])

  return (
    <div className="flex flex-col gap-3">
      <p id={helpId} className="sr-only">
        {t.keyboardHelp}
      </p>
      <div
        ref={containerRef}
        role="region"
        aria-label={t.mapLabel}
        aria-describedby={helpId}
        aria-busy={!answer || undefined}
        data-listings-map=""
        data-total={answer?.total}
        data-unlocated={answer?.unlocated}
        // Inline: Leaflet's stylesheet gives every map a grey background that a class would not beat.
        style={{ background: '#e9e4dc' }}
        className="relative z-0 h-[70vh] max-h-[720px] min-h-[420px] w-full overflow-hidden rounded-sm ring-1 ring-black/10"
      />
      {failed ? (
        <p role="status" className="font-semibold text-red">
          {t.failed}
        </p>
      ) : null}
      {answer && answer.unlocated > 0 ? <p className="text-sm text-ink-soft">{t.unlocated(answer.unlocated)}</p> : null}
      {answer?.truncated ? <p className="text-sm text-ink-soft">{t.truncated(answer.points.length, answer.total)}</p> : null}
    </div>
  )
}
