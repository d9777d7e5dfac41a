import type {
  Category,
  DealOffer,
  DealsRegion,
  dealsIndexSchema,
  dealsRegionSchema,
  productSchema,
  SearchStores,
  searchShardSchema,
  searchStoresSchema,
} from './schemas'

// What the shopping screens add to the shapes of publish/SNAPSHOTS.md (in
// schemas.ts): the regions, and the snapshot names of the sharded files as
// families, so useSnapshot and the fetcher type them.

export { CATEGORIES, type Category, type Product, type ProductOffer, type SearchShard, type SearchStores, type DealsIndex } from './schemas'

/** REGIONS are data.Regions, in publish's fixed order. */
export const REGIONS = ['Northeast', 'Northwest', 'Central', 'Southwest', 'Southeast'] as const
export type Region = (typeof REGIONS)[number]

/** SearchStore is one store of api/search/stores. */
export type SearchStore = SearchStores['stores'][number]
/** ShopDeal is one deal of api/deals/*. */
export type ShopDeal = DealOffer
export type RegionDealsList = DealsRegion

/** ShopSnapshots maps the shopping snapshots the screens load (the name after /api/) to their shapes. */
export type ShopSnapshots = {
  'search/stores': typeof searchStoresSchema
  'deals/index': typeof dealsIndexSchema
} & Record<`search/${Lowercase<Category>}/${string}`, typeof searchShardSchema> &
  Record<`deals/${string}`, typeof dealsRegionSchema> &
  Record<`products/${string}`, typeof productSchema>
