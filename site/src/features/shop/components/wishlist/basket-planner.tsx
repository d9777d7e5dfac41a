import { useMemo, useState } from 'react'
import { Link } from 'react-router-dom'
import type { ProductOffer } from '../../../../api/common-schemas'
import { Market, MenuAge, PricePaid, ProductLink, StoreCell, UnitPrice } from '../../../../components/offers/offer-cells'
import { SelectField } from '../../../../components/select-field'
import { routes } from '../../../../config/routes'
import { formatCost } from '../../../../lib/format'
import { STALE_UNDER_HOURS } from '../../../../lib/freshness'
import { MARKET_LABEL } from '../../../../lib/unit-price'
import type { Product } from '../../api/shop-schemas'
import { basketStore, PLAN_MILES, quantityOf, setSettings, type Basket } from '../../lib/basket'
import { limitItemOf } from '../../lib/basket-limits'
import { planBasket, type Plan } from '../../lib/basket-plan'
import { ADULT_CAPS, adultTotals, FILL_DAYS, formatPercent, medicalTotals, type Share } from '../../lib/limits'
import { ADULT_LABEL, MEDICAL_LABEL } from '../../lib/limits-items'
import { OHIO_CITIES, SIMPLEMAPS_CREDIT } from '../../lib/ohio-cities'
import type { WishItem } from '../../lib/wishlist'
import styles from '../shop.module.css'
import offers from '../../../../components/offers/offers.module.css'
import tables from '../../../../components/data-table.module.css'

const dollars = (cents: number) => formatCost(cents / 100)

type Props = { items: readonly WishItem[]; products: readonly (Product | null)[]; nowMs: number }

/**
 * BasketPlanner plans where to buy the basket's saved products: the cheapest store
 * with everything, the cheapest two stores, or the plan covering the most, and
 * warns when the basket is over Ohio's limits (the Limits calculator's rules).
 */
export function BasketPlanner({ items, products, nowMs }: Props) {
  const basket = basketStore.use()
  const { market, place, miles } = basket.settings
  const planned = items.flatMap((item, i) => {
    const quantity = quantityOf(basket, item.code)
    return quantity > 0 ? [{ code: item.code, name: item.name, size: item.size, quantity, offers: products[i]?.offers ?? [] }] : []
  })
  const plan = useMemo(
    () => planBasket(planned, { market, from: place, maxMiles: miles, nowMs }),
    // planned is derived from the basket and the products.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [basket, products, nowMs],
  )
  const sizes = new Map(planned.map((p) => [p.code, p.size]))
  const where = `within ${miles} miles of ${place.name}`
  return (
    <section aria-labelledby="plan-heading" className="card" style={{ padding: '1rem' }}>
      <h2 id="plan-heading">Plan your basket</h2>
      <p>
        Set how many packages of each product you want on its card below; the plan finds the cheapest store that has them all, the cheapest two
        stores, and says what no store near you has. Only offers in stock on menus read in the last {STALE_UNDER_HOURS} hours count.
      </p>
      <PlanForm basket={basket} />
      <p className={tables.sub}>Totals count the menu prices without tax.</p>
      <LimitsWarning basket={basket} />
      {planned.length === 0 ? (
        <p>Your basket has none of your saved products yet.</p>
      ) : plan.stores === 0 ? (
        <p>
          No store {where} has any of them in stock for {MARKET_LABEL[market].toLowerCase()} on a recent menu.
        </p>
      ) : (
        <>
          {plan.single ? (
            <>
              <h3>One store with everything</h3>
              <PlanView plan={plan.single} sizes={sizes} nowMs={nowMs} label="One store" />
            </>
          ) : (
            plan.nowhere.length === 0 && (
              <p>
                No single store {where} has all {planned.length} products.
              </p>
            )
          )}
          {plan.pair ? (
            <>
              <h3>Two stores</h3>
              {plan.pair.savingCents !== null && (
                <p>
                  <strong>{dollars(plan.pair.savingCents)}</strong> less than the one store with everything.
                </p>
              )}
              <PlanView plan={plan.pair} sizes={sizes} nowMs={nowMs} label="Two stores" />
            </>
          ) : (
            plan.single && planned.length > 1 && <p>No two stores {where} together cost less than that one store.</p>
          )}
          {plan.partial && (
            <>
              <h3>Most of your basket</h3>
              <p>
                No store or pair of stores {where} has all {planned.length} products. The cheapest way to get {plan.partial.covered} of them:
              </p>
              <PlanView plan={plan.partial} sizes={sizes} nowMs={nowMs} label="Most of your basket" />
              <p role="note">
                <strong>Missing:</strong>{' '}
                {plan.partial.missing
                  .map((m) =>
                    plan.nowhere.some((n) => n.code === m.code) ? `${m.name} (no store ${where} has it in stock)` : `${m.name} (not at these stores)`,
                  )
                  .join('; ')}
                .
              </p>
            </>
          )}
        </>
      )}
    </section>
  )
}

/** PlanForm picks the market, the place (a city or the browser's location) and the distance. */
function PlanForm({ basket }: { basket: Basket }) {
  const { market, place, miles } = basket.settings
  const [locating, setLocating] = useState<string | null>(null)
  const city = OHIO_CITIES.find((c) => c.city === place.name)
  const locate = () => {
    if (!('geolocation' in navigator)) return setLocating('This browser cannot share its location: pick a city instead.')
    setLocating('Asking the browser for your location…')
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(null)
        setSettings({ place: { name: 'your location', latitude: position.coords.latitude, longitude: position.coords.longitude } })
      },
      (error) => setLocating(`Your location is not available (${error.message || 'permission denied'}): pick a city instead.`),
      { maximumAge: 600_000, timeout: 15_000 },
    )
  }
  return (
    <form className={styles.form} aria-label="Where to buy" onSubmit={(event) => event.preventDefault()}>
      <SelectField
        className={styles.field}
        label="Market"
        value={market}
        choices={[
          ['recreational', MARKET_LABEL.recreational],
          ['medical', MARKET_LABEL.medical],
        ]}
        onChange={(m) => setSettings({ market: m })}
      />
      <SelectField
        className={styles.field}
        label="Near"
        value={city ? city.city : ''}
        choices={[...(city ? [] : [['', place.name] as const]), ...OHIO_CITIES.map((c) => c.city)]}
        onChange={(name) => {
          const picked = OHIO_CITIES.find((c) => c.city === name)
          if (picked) setSettings({ place: { name: picked.city, latitude: picked.lat, longitude: picked.lng } })
        }}
      />
      <SelectField
        className={styles.field}
        label="Within"
        value={String(miles)}
        choices={[...new Set([...PLAN_MILES, miles])].sort((a, b) => a - b).map((d) => [String(d), `${d} miles`] as const)}
        onChange={(d) => setSettings({ miles: Number(d) })}
      />
      <div>
        <button type="button" className="button button--secondary" onClick={locate}>
          Use my location
        </button>
        {locating && <p role="status">{locating}</p>}
      </div>
      <p className={`${styles.credit} ${styles.wide}`}>
        Straight-line distances from the city centre or your location. <a href={SIMPLEMAPS_CREDIT.url}>{SIMPLEMAPS_CREDIT.text}</a>.
      </p>
    </form>
  )
}

/** PlanView lists a plan's stores, what each sells of the basket and for how much, and the total. */
function PlanView({ plan, sizes, nowMs, label }: { plan: Plan<ProductOffer>; sizes: Map<string, string>; nowMs: number; label: string }) {
  return (
    <div role="group" aria-label={label}>
      <ul className={offers.cards} aria-label="Stores">
        {plan.visits.map((visit) => (
          <li key={visit.slug} className={`card ${offers.offerCard}`}>
            <p>
              <StoreCell store={{ slug: visit.slug, name: visit.name, city: visit.city, distance: visit.miles, about: false }} />
            </p>
            <ul aria-label={`At ${visit.name}`}>
              {visit.purchases.map(({ code, name, quantity, cents, offer }) => (
                <li key={code} className={offers.row}>
                  <span>
                    {quantity} × <ProductLink code={code} name={name} /> ({sizes.get(code)})
                  </span>
                  <span>
                    at <PricePaid price={offer.price} salePrice={offer.salePrice} /> each
                  </span>
                  <UnitPrice unitPrice={offer.unitPrice} unit={offer.unit} />
                  <Market market={offer.market} />
                  <MenuAge lastUpdate={offer.lastUpdate} nowMs={nowMs} />
                  <strong>{dollars(cents)}</strong>
                </li>
              ))}
            </ul>
            {plan.visits.length > 1 && (
              <p>
                At {visit.name}: {dollars(visit.cents)}
              </p>
            )}
          </li>
        ))}
      </ul>
      <p>
        Total: <strong data-testid="plan-total">{dollars(plan.cents)}</strong>
      </p>
    </div>
  )
}

/** overShares are the limits a basket goes over in a market: adult use's daily ones, or the medical allowances and fill period. */
function overShares(basket: Basket) {
  const counted = basket.lines.map(limitItemOf)
  const items = counted.flatMap((c) => (c ? [c] : []))
  const describe = <L extends string>(shares: Share<L>[], labels: Record<L, string>) =>
    shares.filter((s) => s.share > 1).map((s) => `${labels[s.limit]}: ${formatPercent(s.share)}`)
  const medical = medicalTotals(items)
  return {
    uncounted: basket.lines.filter((_, i) => !counted[i]).length,
    typed: basket.lines.filter((l) => l.kind === 'typed').length,
    recreational: describe(adultTotals(items), ADULT_LABEL),
    medical: [
      ...describe(medical.shares, MEDICAL_LABEL),
      ...(medical.fill > 1 ? [`${formatPercent(medical.fill)} of one ${FILL_DAYS}-day fill period, more than can be bought at once`] : []),
    ],
  }
}

/** LimitsWarning says when the basket is over Ohio's purchase limits for the chosen market, counted as the Limits calculator counts. */
function LimitsWarning({ basket }: { basket: Basket }) {
  const market = basket.settings.market
  const check = overShares(basket)
  const over = check[market]
  return (
    <>
      {over.length > 0 && (
        <p className="notice notice--warning" role="alert">
          <strong>Over Ohio's {market === 'medical' ? 'medical 90-day supply' : 'adult-use daily limits'}:</strong> {over.join('; ')}.{' '}
          {market === 'recreational' &&
            `A store may sell one customer at most ${ADULT_CAPS.plant.toFixed(2)} g of plant material and ${ADULT_CAPS.thc.toLocaleString('en-US')} mg of total THC a day. `}
          See the <Link to={routes.limits.path}>Limits calculator</Link>.
        </p>
      )}
      {(check.uncounted > 0 || check.typed > 0) && (
        <p className={tables.sub}>
          {check.typed > 0 && `The limits also count the ${check.typed} ${check.typed === 1 ? 'item' : 'items'} typed into the Limits calculator. `}
          {check.uncounted > 0 && `${check.uncounted} of the basket's products cannot be counted (size or product type unknown).`}
        </p>
      )}
    </>
  )
}
