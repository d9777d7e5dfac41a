import { Link } from 'react-router-dom'
import { Market, MenuAge, PricePaid, ProductLink, UnitPrice, WithTax } from '@/components/offers/offer-cells'
import { routes } from '@/config/routes'
import { formatCost, formatLocaleDate } from '@/lib/format'
import type { Product } from '@/features/offers/api/shop-schemas'
import { taxRateAt, useStoreTaxRates } from '@/features/offers/api/use-store-tax-rates'
import { basketStore, countProduct, MAX_PACKAGES, plannedQuantityOf, setQuantity } from '@/features/offers/lib/basket'
import { changeSince, stateOf, type Change, type Seen, type WishItem } from '@/features/offers/lib/wishlist'
import styles from '@/features/offers/components/shop.module.css'
import { WishlistButton } from '@/features/offers/components/wishlist-button'
import tables from '@/components/data-table.module.css'
import offers from '@/components/offers/offers.module.css'
import { SaleLowNote } from '@/components/offers/sale-low-note'

const CHANGE_TEXT: Record<Exclude<Change, null>, string> = {
  'back-in-stock': 'Back in stock since your last visit',
  'price-drop': 'Cheaper than at your last visit',
  'price-rise': 'Dearer than at your last visit',
  gone: 'Gone from every menu since your last visit',
}

type Props = { item: WishItem; product: Product | null; lastSeen: Seen | null; nowMs: number }

/** WishCard is a saved product: what changed since the last visit, and its three cheapest offers now, each with about what it comes to with tax. */
export function WishCard({ item, product, lastSeen, nowMs }: Props) {
  const now = stateOf(product)
  const change = changeSince(lastSeen, product ? now : null)
  const cheapest = product?.offers.slice(0, 3) ?? []
  // A saved product counts once in the plan until the shopper sets another number.
  const quantity = plannedQuantityOf(basketStore.use(), item.code)
  const rates = useStoreTaxRates()
  return (
    <li className={`card ${offers.offerCard} ${styles.wishCard}`}>
      <p>
        <ProductLink code={item.code} name={item.name} />
        <span className={tables.sub}>{[item.brand, item.category, item.size].filter(Boolean).join(' · ')}</span>
      </p>
      {change && (
        <p className={styles.change} role="status">
          {CHANGE_TEXT[change]}
          {change === 'price-drop' || change === 'price-rise' ? `: ${formatCost(lastSeen!.minPrice!)} → ${formatCost(now.minPrice!)}` : ''}.
        </p>
      )}
      {!product ? (
        <p>No longer listed on any Ohio menu we read.</p>
      ) : !product.listedNow ? (
        <p>No menu has listed it since {product.lastListed ? formatLocaleDate(Date.parse(product.lastListed)) : 'before our records begin'}.</p>
      ) : product.offers.length === 0 ? (
        <p>Out of stock on every recent menu.</p>
      ) : (
        <>
          <p>
            In stock at {product.offers.length} {product.offers.length === 1 ? 'menu' : 'menus'}, from {formatCost(now.minPrice!)}.
          </p>
          <ul className={`${offers.cards} ${styles.wishOffers}`} aria-label={`Cheapest for ${item.name}`}>
            {/* A store may list the product twice on one market: the offer's place tells them apart. */}
            {cheapest.map((o, i) => (
              <li key={`${o.slug}|${o.market}#${i}`} className={offers.row}>
                <span>
                  {o.storeName}, {o.city}
                </span>
                <Market market={o.market} />
                <span>
                  <PricePaid price={o.price} salePrice={o.salePrice} />{' '}
                  <WithTax price={o.price} salePrice={o.salePrice} market={o.market} salesTaxPercent={taxRateAt(rates, o.slug)} />
                  <SaleLowNote saleLow={o.salePrice === null ? null : o.saleLow} />
                </span>
                <UnitPrice unitPrice={o.unitPrice} unit={o.unit} />
                <MenuAge lastUpdate={o.lastUpdate} nowMs={nowMs} />
              </li>
            ))}
          </ul>
        </>
      )}
      <p className={offers.row}>
        <label className={styles.packages}>
          <span>
            Packages <span className="visually-hidden">of {item.name}</span> in your basket
          </span>
          <input
            type="number"
            min={0}
            max={MAX_PACKAGES}
            step={1}
            value={quantity}
            onChange={(e) => setQuantity(item, Number(e.target.value) || 0)}
          />
        </label>
        <WishlistButton item={item} />
        <Link to={routes.limits.path} onClick={() => countProduct(item)}>
          Count it against my limits
        </Link>
      </p>
    </li>
  )
}
