import { describe, expect, it } from 'vitest'
import { sitemapXml } from '../lib/seo'
import { CANONICAL_PATHS } from './prerender'

// The sitemap of the site's own screens (lib/seo.ts writes it from the paths it is given).
describe('the sitemap of the screens', () => {
  it('lists each screen once, by its main path, with absolute URLs', () => {
    const xml = sitemapXml('https://ohiomc.example', CANONICAL_PATHS)
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs).toContain('https://ohiomc.example/')
    expect(locs).toContain('https://ohiomc.example/Reservation')
    expect(locs).toContain('https://ohiomc.example/social')
    expect(locs).toContain('https://ohiomc.example/change-log')
    expect(locs).not.toContain('https://ohiomc.example/home')
    expect(locs).not.toContain('https://ohiomc.example/discord')
    expect(locs).toContain('https://ohiomc.example/dispensary-maps')
    expect(locs).not.toContain('https://ohiomc.example/maps')
    expect(locs).toContain('https://ohiomc.example/strain-genetics')
    expect(locs).toContain('https://ohiomc.example/terpenes')
    expect(locs).toContain('https://ohiomc.example/trends')
    expect(locs).toContain('https://ohiomc.example/price-data')
    // Pages of one strain or terpene are not listed: there is one per name in the data.
    expect(locs.some((l) => l?.includes('/:'))).toBe(false)
    expect(locs).toContain('https://ohiomc.example/dispensary-menus')
    expect(locs).not.toContain('https://ohiomc.example/menu')
    expect(locs).toHaveLength(25)
    expect(new Set(locs).size).toBe(locs.length)
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true)
  })
})
