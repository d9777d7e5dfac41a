import { describe, expect, it } from 'vitest'
import { CANONICAL_PATHS } from '../app/prerender'
import { robotsTxt, sitemapXml } from './seo'

describe('sitemapXml', () => {
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
    // Pages of one strain or terpene are not listed: there is one per name in the data.
    expect(locs.some((l) => l?.includes('/:'))).toBe(false)
    expect(locs).toContain('https://ohiomc.example/dispensary-menus')
    expect(locs).not.toContain('https://ohiomc.example/menu')
    expect(locs).toHaveLength(24)
    expect(new Set(locs).size).toBe(locs.length)
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true)
  })

  it('escapes XML', () => {
    expect(sitemapXml('https://a.example', ['/x?a=1&b=2'])).toContain('<loc>https://a.example/x?a=1&amp;b=2</loc>')
  })
})

describe('robotsTxt', () => {
  it('points to the sitemap when the address is known', () => {
    expect(robotsTxt('https://ohiomc.example')).toBe('User-agent: *\nAllow: /\nSitemap: https://ohiomc.example/sitemap.xml\n')
    expect(robotsTxt('')).toBe('User-agent: *\nAllow: /\n')
  })
})
