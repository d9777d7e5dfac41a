import { describe, expect, it } from 'vitest'
import { robotsTxt, sitemapXml } from './seo'

describe('sitemapXml', () => {
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
