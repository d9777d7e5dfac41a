/**
 * MUUL_FUEL is the Wishlist's saved item for publish's golden product Muul Fuel
 * (testing/fixtures/shop/products-muul-fuel.json), as the ☆ button saves it.
 */
export const MUUL_FUEL = {
  code: 'klutch-muul-fuel-flower-3-5g',
  name: 'Muul Fuel',
  brand: 'Klutch',
  category: 'Flower' as const,
  size: '1/8oz',
  grams: 3.5,
  mg: null,
  thc: 24.1,
}
