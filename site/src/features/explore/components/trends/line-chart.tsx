import { useEffect, useRef, useState } from 'react'
import styles from './trends.module.css'

/** ChartSeries is one line: a label and a value per week (null where there is none). */
export type ChartSeries = { label: string; values: readonly (number | null)[] }

export type LineChartProps = {
  /** title names the chart; the canvas is described by it and the table below repeats the data. */
  title: string
  weeks: readonly string[]
  series: readonly ChartSeries[]
  /** format shows a value on the axis and in the table, e.g. "$8.57/g". */
  format: (value: number) => string
}

// Distinguishable in both themes and for the common colour-vision deficiencies (Okabe–Ito).
const PALETTE = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#7f7f7f']
const DASHES: number[][] = [[], [6, 3], [2, 3], [8, 3, 2, 3], [1, 2], [10, 4], [4, 4]]

// Without a 2D canvas (very old browsers, jsdom) the table alone carries the numbers.
const canDraw = () => typeof document !== 'undefined' && document.createElement('canvas').getContext('2d') !== null

const weekSeconds = (week: string) => Date.parse(`${week}T12:00:00Z`) / 1000

/**
 * LineChart draws weekly series with uPlot, loaded on first use (its own
 * chunk, only on the Trends screen), and always shows the same numbers as a
 * table under it: the table is what screen readers and keyboard users read.
 */
export function LineChart({ title, weeks, series, format }: LineChartProps) {
  const box = useRef<HTMLDivElement>(null)
  const [failed, setFailed] = useState<string | null>(null)

  useEffect(() => {
    const el = box.current
    if (!el || weeks.length < 2 || !canDraw()) return
    let chart: { destroy(): void; setSize(s: { width: number; height: number }): void } | undefined
    let cancelled = false
    let observer: ResizeObserver | undefined
    void import('./uplot-chart')
      .then(({ makeChart }) => {
        if (cancelled) return
        const css = getComputedStyle(el)
        chart = makeChart(el, {
          xs: weeks.map(weekSeconds),
          series: series.map((s, i) => ({
            label: s.label,
            values: s.values,
            stroke: PALETTE[i % PALETTE.length] ?? '#0072b2',
            dash: DASHES[i % DASHES.length] ?? [],
          })),
          format,
          textColor: css.getPropertyValue('color') || '#1d2521',
          gridColor: css.getPropertyValue('--color-border') || '#d5ddd7',
          width: el.clientWidth || 600,
        })
        observer = new ResizeObserver(() => chart?.setSize({ width: el.clientWidth, height: 280 }))
        observer.observe(el)
      })
      .catch((error: unknown) => setFailed(error instanceof Error ? error.message : String(error)))
    return () => {
      cancelled = true
      observer?.disconnect()
      chart?.destroy()
    }
  }, [weeks, series, format])

  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>{title}</figcaption>
      {weeks.length >= 2 && <div ref={box} className={styles.chart} role="img" aria-label={`${title}: chart; the table below has the numbers`} />}
      {failed && <p className="notice notice--warning">The chart could not be drawn ({failed}); the table has the same numbers.</p>}
      <details className={styles.tableBox} open={weeks.length < 2}>
        <summary>{title} as a table</summary>
        {/* A table wider than a phone scrolls sideways: focusable and named, so a keyboard can scroll it too (axe: scrollable-region-focusable). */}
        <div className={styles.scroll} tabIndex={0} role="region" aria-label={`${title} as a table, scrolls sideways`}>
          <table className={styles.table}>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Week of</th>
                {series.map((s) => (
                  <th key={s.label} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week, w) => (
                <tr key={week}>
                  <th scope="row">{week}</th>
                  {series.map((s) => {
                    const v = s.values[w]
                    return <td key={s.label}>{v === null || v === undefined ? '–' : format(v)}</td>
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}
