import 'uplot/dist/uPlot.min.css'
import uPlot from 'uplot'

export type ChartInput = {
  /** xs are the weeks, in seconds since the epoch (uPlot's time unit). */
  xs: number[]
  series: { label: string; values: readonly (number | null)[]; stroke: string; dash: number[] }[]
  format: (value: number) => string
  textColor: string
  gridColor: string
  width: number
}

const weekLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' })

/**
 * makeChart draws a uPlot line chart into el. uPlot (≈ 20 kB gzip) draws
 * time series on a canvas quickly and has no dependencies; Chart.js or
 * Recharts are two to five times larger for the same lines.
 */
export function makeChart(el: HTMLElement, input: ChartInput): uPlot {
  const axis = {
    stroke: input.textColor,
    grid: { stroke: input.gridColor, width: 1 },
    ticks: { stroke: input.gridColor, width: 1 },
  }
  const opts: uPlot.Options = {
    width: input.width,
    height: 280,
    scales: { x: { time: true } },
    axes: [
      { ...axis, values: (_u, ticks) => ticks.map((t) => weekLabel.format(t * 1000)) },
      { ...axis, size: 70, values: (_u, ticks) => ticks.map((t) => input.format(t)) },
    ],
    series: [
      { label: 'Week', value: (_u, v) => (v == null ? '–' : weekLabel.format(v * 1000)) },
      ...input.series.map((s) => ({
        label: s.label,
        stroke: s.stroke,
        dash: s.dash,
        width: 2,
        spanGaps: true,
        points: { show: true, size: 6 },
        value: (_u: uPlot, v: number | null) => (v == null ? '–' : input.format(v)),
      })),
    ],
  }
  const data: uPlot.AlignedData = [input.xs, ...input.series.map((s) => s.values.map((v) => v ?? null))]
  return new uPlot(opts, data, el)
}
