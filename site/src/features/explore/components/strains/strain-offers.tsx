import { OfferTable, type OfferColumn } from '@/components/offers/offer-table'
import { useNow } from '@/lib/use-now'
import type { Strain } from '@/features/explore/api/explore-schemas'

const COLUMNS: OfferColumn[] = ['product', 'store', 'market', 'size', 'price', 'unitPrice', 'thc', 'menu']

/** StrainOffers lists where a strain is listed (current or stale menus): each product at its cheapest store, with its menu's freshness at view time. */
export function StrainOffers({ strain }: { strain: Strain }) {
  const nowMs = useNow(60_000)
  const rows = strain.offers.map((o, i) => ({
    ...o,
    key: `${o.code}|${o.slug}|${o.market}|${i}`,
    detail: [o.brand, o.category].filter(Boolean).join(' · '),
    store: { slug: o.slug, name: o.storeName, city: o.city, distance: null, about: false },
  }))
  return <OfferTable rows={rows} columns={COLUMNS} nowMs={nowMs} caption={`Where ${strain.name} is listed`} />
}
