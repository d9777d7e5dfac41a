import { useSyncExternalStore } from 'react'
import { DEFAULT_THEME_SETTINGS, isDark, parseThemeSettings, THEME_STORAGE_KEY, type ThemeSettings } from './theme-settings'

// The browser side of the theme settings: one store read from localStorage at
// start, written back on every change, and applied to <html> (class "dark" and
// data-* attributes the CSS reads). index.html runs a few inline lines doing
// the same before the first paint, so a dark page never flashes light.

const DARK_QUERY = '(prefers-color-scheme: dark)'

type State = { settings: ThemeSettings; deviceDark: boolean }

let state: State | undefined
const SERVER_STATE: State = { settings: DEFAULT_THEME_SETTINGS, deviceDark: false }
const listeners = new Set<() => void>()

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(THEME_STORAGE_KEY)
  } catch {
    return null // storage disabled: the defaults apply
  }
}

function load(): State {
  if (!state) {
    const settings = parseThemeSettings(readStorage())
    const deviceDark = typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches
    // The same object as the pre-rendered state when nothing differs: hydration
    // then sees no change and keeps the pre-rendered page as it is.
    const isDefault =
      !deviceDark && (Object.keys(DEFAULT_THEME_SETTINGS) as (keyof ThemeSettings)[]).every((k) => settings[k] === DEFAULT_THEME_SETTINGS[k])
    state = isDefault ? SERVER_STATE : { settings, deviceDark }
    applyToDocument(state)
  }
  return state
}

/** applyToDocument puts the settings on <html> for the CSS. */
function applyToDocument({ settings, deviceDark }: State) {
  const root = document.documentElement
  const dark = isDark(settings.theme, deviceDark)
  root.classList.toggle('dark', dark)
  root.style.colorScheme = dark ? 'dark' : 'light'
  root.dataset.theme = settings.theme
  root.dataset.menu = settings.menu
  root.dataset.layout = settings.layout
  root.dataset.navbar = settings.navbar
  root.dataset.semidark = String(settings.semidark)
}

function emit() {
  for (const listener of listeners) listener()
}

let mediaQuery: MediaQueryList | undefined
const onDeviceChange = (event: MediaQueryListEvent) => {
  const current = load()
  state = { ...current, deviceDark: event.matches }
  applyToDocument(state)
  emit()
}

function subscribe(listener: () => void) {
  load()
  listeners.add(listener)
  if (!mediaQuery && typeof window.matchMedia === 'function') {
    // "system" follows the device live, not only at start.
    mediaQuery = window.matchMedia(DARK_QUERY)
    mediaQuery.addEventListener('change', onDeviceChange)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && mediaQuery) {
      mediaQuery.removeEventListener('change', onDeviceChange)
      mediaQuery = undefined
    }
  }
}

/**
 * useThemeState returns the settings and whether the page is dark now. While
 * hydrating pre-rendered HTML it first returns the defaults (what the HTML was
 * rendered with), then the stored settings.
 */
export function useThemeState(): { settings: ThemeSettings; dark: boolean } {
  const current = useSyncExternalStore(subscribe, load, () => SERVER_STATE)
  return { settings: current.settings, dark: isDark(current.settings.theme, current.deviceDark) }
}

/** updateThemeSettings changes some settings, saves them and applies them at once. */
export function updateThemeSettings(change: Partial<ThemeSettings>) {
  const current = load()
  const entries = Object.entries(change) as [keyof ThemeSettings, unknown][]
  if (entries.every(([key, value]) => current.settings[key] === value)) return
  state = { ...current, settings: { ...current.settings, ...change } }
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify(state.settings))
  } catch {
    // Private modes may refuse storage; the choice still holds for this visit.
  }
  applyToDocument(state)
  emit()
}

/** resetThemeStoreForTests forgets the loaded state (tests change localStorage between cases). */
export function resetThemeStoreForTests() {
  state = undefined
}
