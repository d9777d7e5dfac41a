import { useMemo, useState } from 'react'
import type { Market } from '../api/common-schemas'
import { useTrends } from '../features/explore/api/use-explore'
import styles from '../features/explore/components/explore.module.css'
import { SampleNotice } from '../components/sample-notice'
import { PageTitle } from '../components/page-title'
import { MARKET_CHOICES, SelectField } from '../components/select-field'
import { marketLabel } from '../lib/menu-categories'
import { SnapshotView } from '../components/snapshot-view'
import { LineChart } from '../features/explore/components/trends/line-chart'
import { formatUnitPrice } from '../lib/unit-price'
import { countSeries, priceSeries, TREND_CATEGORIES, type TrendCategory } from '../features/explore/lib/trend-series'

// Stable formatters: a new function each render would redraw the charts.
const perGram = (v: number) => formatUnitPrice(v, 'g')
const per100mg = (v: number) => formatUnitPrice(v, '100mg')
const whole = (v: number) => String(Math.round(v))

const MENU_FIELDS = [
  { key: 'menus', label: 'Menus' },
  { key: 'stores', label: 'Dispensaries' },
] as const
const NEW_FIELDS = [{ key: 'count', label: 'New products' }] as const

/** TrendsRoute (/trends): weekly median unit prices by region and market, menus tracked and new products (api/trends). */
export default function TrendsRoute() {
  const response = useTrends()
  const [category, setCategory] = useState<TrendCategory>('Flower')
  const [market, setMarket] = useState<Market>('recreational')
  const trends = response.data
  const prices = useMemo(() => (trends ? priceSeries(trends, category, market) : []), [trends, category, market])
  const menus = useMemo(() => (trends ? countSeries(trends.weeks, trends.menus, MENU_FIELDS) : []), [trends])
  const newProducts = useMemo(() => (trends ? countSeries(trends.weeks, trends.newProducts, NEW_FIELDS) : []), [trends])
  const unit = TREND_CATEGORIES.find((c) => c.category === category)?.unit ?? 'g'

  return (
    <>
      <PageTitle screen="Trends" />
      <h1>Trends</h1>
      <p className="intro">
        Prices and availability week by week, from every menu we read: the median price paid per gram (flower, vapes, extracts) or per 100 mg of THC
        (edibles), by region and market; how many menus we tracked; and how many products appeared in Ohio for the first time. Weeks start on Monday.
      </p>
      <SnapshotView response={response} what="trends">
        {(data) => (
          <>
            <SampleNotice sample={data.sample} />
            {data.weeks.length === 0 ? (
              <p className="empty-state">No history yet: trends start with the first week of menus read.</p>
            ) : (
              <>
                {data.weeks.length < 4 && (
                  <p className="notice notice--info" role="note">
                    Only {data.weeks.length} {data.weeks.length === 1 ? 'week' : 'weeks'} of history so far (since the week of {data.weeks[0]}): too
                    short to call anything a trend. The lines grow every week.
                  </p>
                )}
                <section className={styles.section} aria-labelledby="prices-heading">
                  <h2 id="prices-heading">Median price</h2>
                  <form className={`field-stack ${styles.filters}`} aria-label="Price chart" onSubmit={(e) => e.preventDefault()}>
                    <SelectField label="Product type" value={category} choices={TREND_CATEGORIES.map((c) => c.category)} onChange={setCategory} />
                    <SelectField label="Market" value={market} choices={MARKET_CHOICES.slice(1)} onChange={setMarket} />
                  </form>
                  {prices.length === 0 ? (
                    <p className="empty-state">
                      No {marketLabel(market).toLowerCase()} {category.toLowerCase()} prices with a known {unit === 'g' ? 'weight' : 'dose'} yet.
                    </p>
                  ) : (
                    <LineChart
                      title={`Median ${category.toLowerCase()} price per ${unit === 'g' ? 'gram' : '100 mg THC'}, ${marketLabel(market).toLowerCase()}`}
                      weeks={data.weeks}
                      series={prices}
                      format={unit === 'g' ? perGram : per100mg}
                    />
                  )}
                </section>
                <section className={styles.section} aria-labelledby="menus-heading">
                  <h2 id="menus-heading">Menus tracked</h2>
                  <LineChart title="Menus and dispensaries read each week" weeks={data.weeks} series={menus} format={whole} />
                </section>
                <section className={styles.section} aria-labelledby="new-heading">
                  <h2 id="new-heading">New products</h2>
                  <p className={styles.credit}>
                    Products first seen anywhere in Ohio that week. The first week counts every product on the menus then, so it stands far above the
                    rest.
                  </p>
                  <LineChart title="Products new to Ohio each week" weeks={data.weeks} series={newProducts} format={whole} />
                </section>
              </>
            )}
          </>
        )}
      </SnapshotView>
    </>
  )
}
