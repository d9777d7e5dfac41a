import { nextTheme, type ThemeSettings } from '@/lib/theme-settings'
import { updateThemeSettings, useThemeState } from '@/lib/theme-store'
import styles from './app-layout.module.css'

const LABELS: Record<ThemeSettings['theme'], string> = { light: 'Light', dark: 'Dark', system: 'System' }

const ICONS: Record<ThemeSettings['theme'], string> = {
  light: 'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0-5v2.5M12 19.5V22M4.2 4.2 6 6M18 18l1.8 1.8M2 12h2.5M19.5 12H22M4.2 19.8 6 18M18 6l1.8-1.8',
  dark: 'M20.5 14.5A8.5 8.5 0 0 1 9.5 3.5a8.5 8.5 0 1 0 11 11Z',
  system: 'M3 4.5h18v12H3zM8.5 20h7M12 16.5V20',
}

/** ThemeToggle cycles the theme light → dark → system → light and says which is on. */
export function ThemeToggle() {
  const { settings } = useThemeState()
  const next = nextTheme(settings.theme)
  return (
    <button
      type="button"
      className={styles.iconButton}
      onClick={() => updateThemeSettings({ theme: next })}
      aria-label={`Theme: ${LABELS[settings.theme]}. Switch to ${LABELS[next].toLowerCase()}`}
      title={`Theme: ${LABELS[settings.theme]}`}
      data-theme-setting={settings.theme}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={ICONS[settings.theme]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  )
}
