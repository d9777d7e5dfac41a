import type { OfferRow } from '@/components/offers/offer-table'

/** offerRow is one offer as the offer lists show it, for tests: an eighth of Muul Fuel at Bloom Akron, at regular price, as over changes it. */
export const offerRow = (over: Partial<OfferRow> = {}): OfferRow => ({
  key: 'a',
  code: 'klutch-muul-fuel-flower-3-5g',
  name: 'Muul Fuel',
  detail: '',
  size: '3.5g',
  price: 45,
  salePrice: null,
  unitPrice: 12.86,
  unit: 'g',
  thc: 24.1,
  potencyUnit: '%',
  market: 'recreational',
  store: { slug: 'bloom-akron', name: 'Bloom Akron', city: 'Akron', distance: null, about: false },
  lastUpdate: null,
  ...over,
})
