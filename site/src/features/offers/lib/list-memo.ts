// What is derived from a list of offers and a few settings, kept with the list (while it lives)
// for the settings it was last derived for. A filter change re-runs the whole search's steps
// (filterOffers): those whose settings did not change then hand back the same list, so that
// what is kept per list after them (the filters' index, facet-index.ts) is not built again.
const kept = new WeakMap<object, Map<string, { key: string; value: unknown }>>()

/** lastFor is compute(), or what it gave for list, step and key the last time step was derived from list with that key. */
export function lastFor<T>(list: object, step: string, key: string, compute: () => T): T {
  let steps = kept.get(list)
  if (!steps) kept.set(list, (steps = new Map()))
  const last = steps.get(step)
  if (last && last.key === key) return last.value as T
  const value = compute()
  steps.set(step, { key, value })
  return value
}
