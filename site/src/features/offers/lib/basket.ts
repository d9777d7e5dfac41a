import type { Category, Market } from '@/api/common-schemas'
import { createLocalStore } from '@/lib/local-store'
import type { Form } from './limits'
import { DEFAULT_MILES } from './default-distance'
import { FORMS } from './limits-items'

// The basket: what the shopper plans to buy, one for the Wishlist's planner and
// the Limits calculator, kept in this browser (localStorage `omc-basket`). Saved
// products come in packages; the calculator's typed-in items (a form and an
// amount) sit beside them. The planner's choices (market, place, distance) are
// kept with it, so a reload finds the same plan.

/** ProductLine is packages of a saved product, with what the limits need to count it. */
export type ProductLine = {
  kind: 'product'
  id: number
  code: string
  name: string
  size: string
  category: Category
  grams: number | null
  mg: number | null
  thc: number | null
  quantity: number
}
/** TypedLine is an item typed into the Limits calculator: a form and an amount (g, or mg of THC). */
export type TypedLine = { kind: 'typed'; id: number; form: Form; amount: number; thc: number | null; label: string }
export type BasketLine = ProductLine | TypedLine

/** PlanPlace is the point distances are measured from: a city of the list, or the browser's location. */
export type PlanPlace = { name: string; latitude: number; longitude: number }
/** PlanSettings are the planner's choices. */
export type PlanSettings = { market: Market; place: PlanPlace; miles: number }
export type Basket = { lines: BasketLine[]; settings: PlanSettings }

/** BASKET_VERSION is the stored shape's version; another version is not read. */
export const BASKET_VERSION = 1
/** MAX_PACKAGES is the most packages of one product a line holds. */
export const MAX_PACKAGES = 99

// The planner starts from Columbus (as OHIO_CITIES places it), within DEFAULT_MILES as Menus and
// Deals do, until the shopper picks a place and distance. The
// figures are written out rather than looked up: the wishlist button, on every shopping screen,
// loads this module, and the city list is the planner's to load.
export const DEFAULT_SETTINGS: PlanSettings = {
  market: 'recreational',
  place: { name: 'Columbus', latitude: 39.9862, longitude: -82.9855 },
  miles: DEFAULT_MILES,
}
const EMPTY: Basket = { lines: [], settings: DEFAULT_SETTINGS }

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
const isNumOrNull = (v: unknown) => v === null || isNum(v)
const CATEGORY_NAMES: readonly string[] = ['Flower', 'Preroll', 'Vape', 'Extract', 'Edible', 'Other']

function validLine(raw: unknown): raw is BasketLine {
  if (!isRecord(raw) || !Number.isInteger(raw.id)) return false
  if (raw.kind === 'product')
    return (
      typeof raw.code === 'string' &&
      /^[a-z0-9-]+$/.test(raw.code) &&
      typeof raw.name === 'string' &&
      typeof raw.size === 'string' &&
      CATEGORY_NAMES.includes(raw.category as string) &&
      isNumOrNull(raw.grams) &&
      isNumOrNull(raw.mg) &&
      isNumOrNull(raw.thc) &&
      Number.isInteger(raw.quantity) &&
      (raw.quantity as number) >= 0 &&
      (raw.quantity as number) <= MAX_PACKAGES
    )
  if (raw.kind === 'typed')
    return (
      typeof raw.form === 'string' &&
      raw.form in FORMS &&
      isNum(raw.amount) &&
      raw.amount > 0 &&
      isNumOrNull(raw.thc) &&
      typeof raw.label === 'string'
    )
  return false
}

// The settings are choices, not the basket: a bad one falls back to its default alone.
function readSettings(raw: unknown): PlanSettings {
  if (!isRecord(raw)) return DEFAULT_SETTINGS
  const place = raw.place
  return {
    market: raw.market === 'medical' || raw.market === 'recreational' ? raw.market : DEFAULT_SETTINGS.market,
    place:
      isRecord(place) && typeof place.name === 'string' && isNum(place.latitude) && isNum(place.longitude)
        ? { name: place.name, latitude: place.latitude, longitude: place.longitude }
        : DEFAULT_SETTINGS.place,
    miles: isNum(raw.miles) && raw.miles > 0 ? raw.miles : DEFAULT_SETTINGS.miles,
  }
}

/**
 * parseBasket reads a stored basket. Anything else than version 1 with well-formed
 * lines (an edited, older or newer basket) gives an empty basket and a warning in the
 * console: a wrong count is worse than none, and the page goes on.
 */
export function parseBasket(stored: unknown): Basket {
  const problem = !isRecord(stored)
    ? 'not an object'
    : stored.version !== BASKET_VERSION
      ? `version ${JSON.stringify(stored.version)}, this site reads version ${BASKET_VERSION}`
      : !Array.isArray(stored.lines)
        ? 'no list of lines'
        : stored.lines.findIndex((l) => !validLine(l)) >= 0
          ? `line ${stored.lines.findIndex((l) => !validLine(l)) + 1} is not a product with 0–${MAX_PACKAGES} packages or a typed item`
          : null
  if (problem) {
    console.warn(`basket: the stored basket (localStorage omc-basket) was left out: ${problem}.`)
    return EMPTY
  }
  const { lines, settings } = stored as { lines: BasketLine[]; settings: unknown }
  return { lines, settings: readSettings(settings) }
}

const store = createLocalStore<Basket>('omc-basket', parseBasket, EMPTY)
// What is written carries its version.
const set = (next: (current: Basket) => Basket) => store.set((current) => ({ version: BASKET_VERSION, ...next(current) }) as Basket)

/** basketStore is the basket: read it with get or use (in a component), change it with the functions below. */
export const basketStore = { get: store.get, use: store.use, subscribe: store.subscribe, clear: () => set(() => EMPTY) }

const nextId = (lines: readonly BasketLine[]) => lines.reduce((max, l) => Math.max(max, l.id), 0) + 1

/** ProductFacts is what a line keeps of a saved product. */
export type ProductFacts = Pick<ProductLine, 'code' | 'name' | 'size' | 'category' | 'grams' | 'mg' | 'thc'>

/** quantityOf is how many packages of a product the basket holds (0: none). */
export const quantityOf = (basket: Basket, code: string) =>
  basket.lines.find((l): l is ProductLine => l.kind === 'product' && l.code === code)?.quantity ?? 0

/**
 * plannedQuantityOf is how many packages of a saved product the planner plans for: one until
 * the shopper sets another number on its card (0 leaves it out, kept as a line of 0 packages),
 * so that a wishlist is a basket from the start rather than "none of your saved products yet".
 */
export const plannedQuantityOf = (basket: Basket, code: string) =>
  basket.lines.find((l): l is ProductLine => l.kind === 'product' && l.code === code)?.quantity ?? 1

/** setQuantity sets how many packages of a product the basket holds (0 keeps a line of none: the shopper left it out). */
export function setQuantity(product: ProductFacts, quantity: number) {
  const q = Math.min(MAX_PACKAGES, Math.max(0, Math.floor(quantity)))
  set((b) => {
    const at = b.lines.findIndex((l) => l.kind === 'product' && l.code === product.code)
    if (at < 0) return { ...b, lines: [...b.lines, { kind: 'product', id: nextId(b.lines), ...pick(product), quantity: q }] }
    return { ...b, lines: b.lines.map((l, i) => (i === at ? { ...l, quantity: q } : l)) }
  })
}

const pick = ({ code, name, size, category, grams, mg, thc }: ProductFacts) => ({ code, name, size, category, grams, mg, thc })

/** countProduct puts a product in the basket, one package unless it is there already (the Wishlist's "Count it against my limits"). */
export function countProduct(product: ProductFacts) {
  if (quantityOf(store.get(), product.code) === 0) setQuantity(product, 1)
}

/** addPackage adds one package of a product (the calculator's "Add" buttons). */
export function addPackage(product: ProductFacts) {
  setQuantity(product, quantityOf(store.get(), product.code) + 1)
}

/** addTyped adds an item typed into the calculator. */
export function addTyped(item: Omit<TypedLine, 'kind' | 'id'>) {
  set((b) => ({ ...b, lines: [...b.lines, { kind: 'typed', id: nextId(b.lines), ...item }] }))
}

/** removeLine takes a line out of the basket. */
export function removeLine(id: number) {
  set((b) => ({ ...b, lines: b.lines.filter((l) => l.id !== id) }))
}

/** removeProduct takes a product out of the basket (it left the wishlist). */
export function removeProduct(code: string) {
  set((b) => ({ ...b, lines: b.lines.filter((l) => l.kind !== 'product' || l.code !== code) }))
}

/** setSettings changes the planner's choices. */
export function setSettings(patch: Partial<PlanSettings>) {
  set((b) => ({ ...b, settings: { ...b.settings, ...patch } }))
}
