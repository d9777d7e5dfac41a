import { describe, expect, it } from 'vitest'
import { DEFAULT_THEME_SETTINGS, isDark, nextTheme, parseThemeSettings } from './theme-settings'

describe('theme settings', () => {
  it('has exactly the spec defaults', () => {
    const spec = { theme: 'light', menu: 'vertical', layout: 'full', animation: 'animate__zoomIn', navbar: 'navbar-sticky' }
    expect(DEFAULT_THEME_SETTINGS).toEqual({ ...spec, semidark: false, sidebar: false })
  })

  it.each([null, '', 'not json', '[]', '42', 'null'])('falls back to the defaults for %j', (raw) => {
    expect(parseThemeSettings(raw)).toEqual(DEFAULT_THEME_SETTINGS)
  })

  it('restores stored values and defaults the rest', () => {
    expect(parseThemeSettings(JSON.stringify({ theme: 'system', semidark: true }))).toEqual({
      ...DEFAULT_THEME_SETTINGS,
      theme: 'system',
      semidark: true,
    })
  })

  it('drops invalid values one by one', () => {
    const raw = JSON.stringify({ theme: 'purple', navbar: 'navbar-floating', sidebar: 'yes', animation: '<script>' })
    expect(parseThemeSettings(raw)).toEqual({ ...DEFAULT_THEME_SETTINGS, navbar: 'navbar-floating' })
  })

  it('cycles light, dark, system, light', () => {
    expect([nextTheme('light'), nextTheme('dark'), nextTheme('system')]).toEqual(['dark', 'system', 'light'])
  })

  it.each([
    { theme: 'light', deviceDark: true, want: false },
    { theme: 'dark', deviceDark: false, want: true },
    { theme: 'system', deviceDark: true, want: true },
    { theme: 'system', deviceDark: false, want: false },
  ] as const)('$theme with device dark $deviceDark is dark: $want', ({ theme, deviceDark, want }) => {
    expect(isDark(theme, deviceDark)).toBe(want)
  })
})
