/** MediaState says which media features the fake matchMedia reports as true. */
export type MediaState = { narrow?: boolean; dark?: boolean }

type Listener = (event: MediaQueryListEvent) => void
const lists = new Set<{ query: string; listeners: Set<Listener> }>()
let current: MediaState = {}

function matches(query: string): boolean {
  if (query.includes('max-width: 1023.98px')) return current.narrow === true
  if (query.includes('prefers-color-scheme: dark')) return current.dark === true
  return false
}

/** installMatchMedia gives jsdom a matchMedia answering from state. */
export function installMatchMedia(state: MediaState) {
  current = state
  lists.clear()
  window.matchMedia = (query: string) => {
    const entry = { query, listeners: new Set<Listener>() }
    lists.add(entry)
    return {
      get matches() {
        return matches(query)
      },
      media: query,
      onchange: null,
      addEventListener: (_: string, listener: Listener) => entry.listeners.add(listener),
      removeEventListener: (_: string, listener: Listener) => entry.listeners.delete(listener),
      addListener: (listener: Listener) => entry.listeners.add(listener),
      removeListener: (listener: Listener) => entry.listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList
  }
}

/** changeMedia flips media features and tells every listener whose answer changed, as a device would. */
export function changeMedia(state: MediaState) {
  const before = new Map([...lists].map((l) => [l, matches(l.query)]))
  current = state
  for (const list of lists) {
    const now = matches(list.query)
    if (before.get(list) === now) continue
    for (const listener of list.listeners) listener({ matches: now, media: list.query } as MediaQueryListEvent)
  }
}
