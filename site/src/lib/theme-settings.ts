import * as v from 'valibot'

/**
 * ThemeSettings are the display settings kept in the browser (docs/specification.md §3). Only
 * theme and sidebar have controls today; the others are kept and applied so a
 * stored choice survives and later screens can offer them.
 */
export type ThemeSettings = {
  theme: 'light' | 'dark' | 'system'
  menu: 'vertical' | 'horizontal' | 'collapsible-vertical'
  layout: 'full' | 'boxed-layout'
  animation: string
  navbar: 'navbar-sticky' | 'navbar-floating' | 'navbar-static'
  semidark: boolean
  /** sidebar is the sidebar toggle: open on small screens, collapsed on wide ones. */
  sidebar: boolean
}

/** DEFAULT_THEME_SETTINGS are exactly the spec's defaults. */
export const DEFAULT_THEME_SETTINGS: Readonly<ThemeSettings> = Object.freeze({
  theme: 'light',
  menu: 'vertical',
  layout: 'full',
  animation: 'animate__zoomIn',
  navbar: 'navbar-sticky',
  semidark: false,
  sidebar: false,
})

/** THEME_STORAGE_KEY is the localStorage key the settings are saved under (as JSON). */
export const THEME_STORAGE_KEY = 'omc-theme-settings'

// Each field is checked on its own: one bad or outdated value falls back to its
// default without throwing the visitor's other choices away.
const fields = {
  theme: v.picklist(['light', 'dark', 'system']),
  menu: v.picklist(['vertical', 'horizontal', 'collapsible-vertical']),
  layout: v.picklist(['full', 'boxed-layout']),
  animation: v.pipe(v.string(), v.regex(/^(animate__[a-zA-Z]+)?$/)),
  navbar: v.picklist(['navbar-sticky', 'navbar-floating', 'navbar-static']),
  semidark: v.boolean(),
  sidebar: v.boolean(),
} as const

/** parseThemeSettings reads stored JSON; anything missing or invalid takes its default. */
export function parseThemeSettings(raw: string | null | undefined): ThemeSettings {
  const settings: Record<string, unknown> = { ...DEFAULT_THEME_SETTINGS }
  if (!raw) return settings as ThemeSettings
  let stored: unknown
  try {
    stored = JSON.parse(raw)
  } catch {
    return settings as ThemeSettings
  }
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return settings as ThemeSettings
  for (const [key, schema] of Object.entries(fields)) {
    const result = v.safeParse(schema, (stored as Record<string, unknown>)[key])
    if (result.success) settings[key] = result.output
  }
  return settings as ThemeSettings
}

const THEME_ORDER: readonly ThemeSettings['theme'][] = ['light', 'dark', 'system']

/** nextTheme is the toggle's cycle: light → dark → system → light. */
export function nextTheme(theme: ThemeSettings['theme']): ThemeSettings['theme'] {
  return THEME_ORDER[(THEME_ORDER.indexOf(theme) + 1) % THEME_ORDER.length] ?? 'light'
}

/** isDark says whether a theme setting shows the dark style, given the device's preference. */
export function isDark(theme: ThemeSettings['theme'], deviceDark: boolean): boolean {
  return theme === 'dark' || (theme === 'system' && deviceDark)
}
