// The names publish gives the snapshots of one page each (publish/SNAPSHOTS.md): a store's
// menu, api/menus/<slug>, a product, api/products/<code>, a strain, api/strains/<slug>, and a
// terpene, api/terpenes/<slug>, and one region's offers of one product type,
// api/search/<type>/<region>. A name of another shape cannot
// have been written, so nothing is requested for it. Kept free of imports: the router, in the
// app's entry, reads them too.

/** PRODUCT_CODE is publish's product code shape; anything else cannot name a product. */
export const PRODUCT_CODE = /^[a-z0-9-]{1,200}$/

/** STORE_SLUG is publish's store slug shape; anything else cannot name a store. */
export const STORE_SLUG = /^[a-z0-9-]{1,200}$/

/**
 * LISTED_SLUG is publish's strain and terpene slug shape: never "index", the name of the
 * list beside their pages (a strain or terpene slugged so gets "index-1").
 */
export const LISTED_SLUG = /^(?!index$)[a-z0-9-]{1,200}$/

/** SEARCH_PART is the shape of a product type's or a region's part of a search file's name (search/flower/central). */
export const SEARCH_PART = /^[a-z]{1,40}$/

/** NAME_SHAPES is the shape of a name in each folder of one-page snapshots (api/<folder>/<name>). */
export const NAME_SHAPES: Readonly<Record<string, RegExp>> = {
  menus: STORE_SLUG,
  products: PRODUCT_CODE,
  strains: LISTED_SLUG,
  terpenes: LISTED_SLUG,
  search: SEARCH_PART,
}
