import { useMemo } from 'react'
import { Link } from 'react-router-dom'
import type { ProductOffer } from '@/api/common-schemas'
import { Market, MenuAge, PricePaid, ProductLink, StoreCell, UnitPrice } from '@/components/offers/offer-cells'
import { SelectField } from '@/components/select-field'
import { routes } from '@/config/routes'
import { formatCost } from '@/lib/format'
import { STALE_UNDER_HOURS } from '@/lib/freshness'
import { ADULT_USE_EXCISE_PERCENT } from '@/lib/tax'
import { MARKET_LABEL } from '@/lib/unit-price'
import type { Product } from '@/features/offers/api/shop-schemas'
import { taxRateAt, useStoreTaxRates, type StoreTaxRates } from '@/features/offers/api/use-store-tax-rates'
import { basketStore, plannedQuantityOf, setSettings, type Basket, type BasketLine } from '@/features/offers/lib/basket'
import { limitItemOf } from '@/features/offers/lib/basket-limits'
import { planBasket, planWithTax, type Plan } from '../lib/basket-plan'
import { ADULT_CAPS, adultTotals, adultVisitsNeeded, FILL_DAYS, formatPercent, medicalTotals, type Share } from '@/features/offers/lib/limits'
import { ADULT_LABEL, MEDICAL_LABEL } from '@/features/offers/lib/limits-items'
import type { WishItem } from '@/features/offers/lib/wishlist'
import { asPlaceSearch, PlaceField } from '@/features/offers/components/place-field'
import styles from '@/features/offers/components/shop.module.css'
import offers from '@/components/offers/offers.module.css'
import tables from '@/components/data-table.module.css'

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
  // A saved product counts once until the shopper sets its packages (plannedQuantityOf).
  const planned = items.flatMap((item, i) => {
    const quantity = plannedQuantityOf(basket, item.code)
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
  // Each store's county sales tax rate, for the totals with tax.
  const rates = useStoreTaxRates()
  const view = { sizes, nowMs, market, rates }
  return (
    <section aria-labelledby="plan-heading" className="card" style={{ padding: '1rem' }}>
      <h2 id="plan-heading">Plan your basket</h2>
      <p>
        Set how many packages of each product you want on its card below; the plan finds the cheapest store that has them all, the cheapest two
        stores, and says what no store near you has. Only offers in stock on menus read in the last {STALE_UNDER_HOURS} hours count.
      </p>
      <PlanForm basket={basket} />
      <p className={tables.sub}>
        Totals are the menu prices, without tax. Beside each, “≈ with tax” adds{' '}
        {market === 'recreational'
          ? `the ${ADULT_USE_EXCISE_PERCENT}% adult-use excise tax and each store's county sales tax`
          : "each store's county sales tax (medical sales pay no excise tax)"}
        : an estimate, as beside every price on the site.
      </p>
      <LimitsWarning basket={basket} items={items} />
      {planned.length === 0 ? (
        <p>You have set every saved product to 0 packages: set a number on a product’s card to plan it.</p>
      ) : plan.stores === 0 ? (
        <p>
          No store {where} has any of them in stock for {MARKET_LABEL[market].toLowerCase()} on a recent menu.
        </p>
      ) : (
        <>
          {plan.single ? (
            <>
              <h3>One store with everything</h3>
              <PlanView plan={plan.single} {...view} label="One store" />
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
              <PlanView plan={plan.pair} {...view} label="Two stores" />
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
              <PlanView plan={plan.partial} {...view} label="Most of your basket" />
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

/**
 * PlanForm picks the market, and the place (a ZIP code, a city, an address or the browser's
 * location: the shared place field of Menus and Deals) and the distance.
 */
function PlanForm({ basket }: { basket: Basket }) {
  const { market, place, miles } = basket.settings
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
      <PlaceField
        search={asPlaceSearch({ place: place.name, latitude: place.latitude, longitude: place.longitude }, miles)}
        onChange={({ coordinates, place: name, maxDistance }) =>
          setSettings({
            ...(coordinates && { place: { name: name || 'your location', latitude: coordinates.latitude, longitude: coordinates.longitude } }),
            ...(maxDistance !== undefined && { miles: maxDistance }),
          })
        }
      />
    </form>
  )
}

type ViewProps = { sizes: Map<string, string>; nowMs: number; market: Basket['settings']['market']; rates: StoreTaxRates }

/** PlanView lists a plan's stores, what each sells of the basket and for how much, and the total, each with about what it comes to with tax. */
function PlanView({ plan, sizes, nowMs, market, rates, label }: { plan: Plan<ProductOffer>; label: string } & ViewProps) {
  // undefined while the stores' rates load: no figure rather than a guess.
  const taxed = rates && planWithTax(plan, market, (slug) => taxRateAt(rates, slug) ?? null)
  return (
    <div role="group" aria-label={label}>
      <ul className={offers.cards} aria-label="Stores">
        {plan.visits.map((visit, v) => (
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
                At {visit.name}: {dollars(visit.cents)} <TaxedCents cents={taxed?.visits[v]} />
              </p>
            )}
          </li>
        ))}
      </ul>
      <p>
        Total: <strong data-testid="plan-total">{dollars(plan.cents)}</strong> <TaxedCents cents={taxed?.cents} testId="plan-total-with-tax" />
        {taxed && taxed.unknown.length > 0 && (
          <span className={tables.sub}>No total with tax: the sales tax rate of {taxed.unknown.join(' and ')}’s county is not known.</span>
        )}
      </p>
    </div>
  )
}

/** TaxedCents is "≈ $X with tax" for an amount already taxed (planWithTax); nothing while unknown. */
function TaxedCents({ cents, testId }: { cents: number | null | undefined; testId?: string }) {
  if (cents == null) return null
  return (
    <span className={offers.withTax} data-testid={testId}>
      ≈ {dollars(cents)} with tax
    </span>
  )
}

/**
 * plannedLines are the basket's lines as the planner plans them: each saved product without a
 * line of its own counted as one package (plannedQuantityOf), beside the basket's lines.
 */
function plannedLines(basket: Basket, items: readonly WishItem[]): BasketLine[] {
  const unset = items.filter((item) => !basket.lines.some((l) => l.kind === 'product' && l.code === item.code))
  const firstId = basket.lines.reduce((max, l) => Math.max(max, l.id), 0) + 1
  return [
    ...basket.lines,
    ...unset.map(({ code, name, size, category, grams, mg, thc }, i): BasketLine => ({
      kind: 'product',
      id: firstId + i,
      code,
      name,
      size,
      category,
      grams,
      mg,
      thc,
      quantity: 1,
    })),
  ]
}

/** overShares are the limits a basket goes over in a market: adult use's daily ones, or the medical allowances and fill period. */
function overShares(lines: readonly BasketLine[]) {
  const counted = lines.map(limitItemOf)
  const items = counted.flatMap((c) => (c ? [c] : []))
  const describe = <L extends string>(shares: Share<L>[], labels: Record<L, string>) =>
    shares.filter((s) => s.share > 1).map((s) => `${labels[s.limit]}: ${formatPercent(s.share)}`)
  const medical = medicalTotals(items)
  return {
    uncounted: lines.filter((l, i) => !counted[i] && (l.kind === 'typed' || l.quantity > 0)).length,
    typed: lines.filter((l) => l.kind === 'typed').length,
    recreational: describe(adultTotals(items), ADULT_LABEL),
    adultVisits: adultVisitsNeeded(items),
    medical: [
      ...describe(medical.shares, MEDICAL_LABEL),
      ...(medical.fill > 1 ? [`${formatPercent(medical.fill)} of one ${FILL_DAYS}-day fill period, more than can be bought at once`] : []),
    ],
  }
}

/** LimitsWarning says when the basket is over Ohio's purchase limits for the chosen market, counted as the Limits calculator counts. */
function LimitsWarning({ basket, items }: { basket: Basket; items: readonly WishItem[] }) {
  const market = basket.settings.market
  const check = overShares(plannedLines(basket, items))
  const over = check[market]
  return (
    <>
      {over.length > 0 && (
        <p className="notice notice--warning" role="alert">
          <strong>Over Ohio's {market === 'medical' ? 'medical 90-day supply' : 'adult-use daily limits'}:</strong> {over.join('; ')}.{' '}
          {market === 'recreational' &&
            `A store may sell one customer at most ${ADULT_CAPS.plant.toFixed(2)} g of plant material and ${ADULT_CAPS.thc.toLocaleString('en-US')} mg of total THC a day: this basket cannot be bought in one purchase. Plan it as at least ${check.adultVisits} visits on separate days, each within the limits. `}
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
