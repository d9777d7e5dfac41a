import type { Product } from '@/features/offers/api/shop-schemas'
import { formatCost } from '@/lib/format'
import { MARKET_LABEL } from '@/lib/unit-price'
import styles from '@/features/offers/components/shop.module.css'
import tables from '@/components/data-table.module.css'

const W = 480
const H = 180
const PAD = { left: 56, right: 12, top: 12, bottom: 28 }

/**
 * PriceHistoryChart draws the lowest price paid per day, one line per market,
 * as a small inline SVG with a table of the same figures for screen readers.
 * Hand-drawn rather than a chart library: two polylines and four labels are
 * ~60 lines, where a library (Recharts, Chart.js) would cost 40–100 kB gzip,
 * more than this screen's whole budget.
 */
export function PriceHistoryChart({ history }: { history: Product['history'] }) {
  if (history.length === 0) return <p>No price history yet.</p>
  const dates = [...new Set(history.map((h) => h.date))].sort()
  const prices = history.map((h) => h.min)
  const low = Math.min(...prices)
  const high = Math.max(...prices)
  const span = high - low || 1
  const x = (date: string) =>
    PAD.left + (dates.length === 1 ? (W - PAD.left - PAD.right) / 2 : (dates.indexOf(date) / (dates.length - 1)) * (W - PAD.left - PAD.right))
  const y = (price: number) => PAD.top + (1 - (price - low) / span) * (H - PAD.top - PAD.bottom)
  const markets = (['recreational', 'medical'] as const).filter((m) => history.some((h) => h.market === m))
  return (
    <figure>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Lowest price paid per day, from ${formatCost(low)} to ${formatCost(high)}, ${dates[0]} to ${dates[dates.length - 1]}`}
      >
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke="currentColor" strokeOpacity=".4" />
        <text x={PAD.left - 6} y={y(high) + 4} textAnchor="end" fontSize="12" fill="currentColor">
          {formatCost(high)}
        </text>
        <text x={PAD.left - 6} y={y(low) + 4} textAnchor="end" fontSize="12" fill="currentColor">
          {formatCost(low)}
        </text>
        <text x={PAD.left} y={H - 8} fontSize="12" fill="currentColor">
          {dates[0]}
        </text>
        <text x={W - PAD.right} y={H - 8} textAnchor="end" fontSize="12" fill="currentColor">
          {dates[dates.length - 1]}
        </text>
        {markets.map((m) => {
          const points = history.filter((h) => h.market === m).sort((a, b) => a.date.localeCompare(b.date))
          return (
            <g key={m} className={m === 'medical' ? styles.medicalLine : styles.recreationalLine}>
              <polyline
                fill="none"
                strokeWidth="2.5"
                strokeDasharray={m === 'medical' ? '6 4' : undefined}
                points={points.map((p) => `${x(p.date)},${y(p.min)}`).join(' ')}
              />
              {points.map((p) => (
                <circle key={p.date} cx={x(p.date)} cy={y(p.min)} r="3" fill="currentColor" stroke="none" />
              ))}
            </g>
          )
        })}
      </svg>
      <figcaption className={tables.sub}>
        Lowest price paid per day: {markets.map((m) => `${MARKET_LABEL[m]} ${m === 'medical' ? '(dashed line)' : '(solid line)'}`).join(', ')}.
      </figcaption>
      <details>
        <summary>Price history as a table</summary>
        <table className={tables.table}>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Market</th>
              <th scope="col">Lowest</th>
              <th scope="col">Median</th>
            </tr>
          </thead>
          <tbody>
            {history.map((h) => (
              <tr key={`${h.date}|${h.market}`}>
                <td>{h.date}</td>
                <td>{MARKET_LABEL[h.market]}</td>
                <td>{formatCost(h.min)}</td>
                <td>{formatCost(h.median)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
