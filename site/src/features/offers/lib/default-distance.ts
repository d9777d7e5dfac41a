/**
 * DEFAULT_MILES is the radius, in miles, of every search near a place until the shopper
 * chooses another: Menus (docs/specification.md §3's maxDistance), Deals and the basket
 * planner. One figure, so that the three screens agree on what "near" means. A module of its
 * own: the basket (loaded with the wishlist button on every shopping screen) reads it without
 * the search state.
 */
export const DEFAULT_MILES = 50
