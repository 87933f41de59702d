/**
 * Visits over time as a line chart (Chart.js, only the parts a line chart needs): its own chunk,
 * loaded by the dashboard's Results tab, never by a visitor. The numbers are also in the table
 * beside it; the canvas is an image with a text label for screen readers.
 */
import { CategoryScale, Chart, Filler, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js'
import { useEffect, useRef } from 'react'
import { resultsTexts as rt } from '#lib/results'

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Filler, Tooltip, Legend)

export default function VisitsChart({ daily, label }: { daily: { day: string; views: number; visitors: number }[]; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    if (!canvas.current) return
    const chart = new Chart(canvas.current, {
      type: 'line',
      data: {
        labels: daily.map((d) => d.day),
        datasets: [
          {
            label: rt.columns.views,
            data: daily.map((d) => d.views),
            borderColor: '#9b1c2e',
            backgroundColor: 'rgba(155,28,46,0.08)',
            fill: true,
            tension: 0.25,
          },
          { label: rt.columns.visitors, data: daily.map((d) => d.visitors), borderColor: '#404040', tension: 0.25 },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: { y: { beginAtZero: true } },
      },
    })
    return () => chart.destroy()
  }, [daily])
  return (
    <div className="relative h-64 w-full">
      <canvas ref={canvas} role="img" aria-label={label} data-chart="visits" />
    </div>
  )
}
