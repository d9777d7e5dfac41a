import { describe, expect, it } from 'vitest'
import { basePathFor, BasePathError, linksUnderBase, parseBasePath, routerBasename, withBase, withoutBase } from './base-path'
import { parseEnv } from './env-schema'

describe('parseBasePath', () => {
  it('gives a path with a leading and a trailing slash', () => {
    expect(parseBasePath('')).toBe('/')
    expect(parseBasePath('/')).toBe('/')
    expect(parseBasePath('omc')).toBe('/omc/')
    expect(parseBasePath('/omc')).toBe('/omc/')
    expect(parseBasePath(' /omc/ ')).toBe('/omc/')
    expect(parseBasePath('/a/b.c_d~e/')).toBe('/a/b.c_d~e/')
  })

  it('refuses a URL, a query, "..", and characters that need escaping, naming the setting', () => {
    for (const bad of ['https://x.example/omc/', '/omc?x=1', '/omc#top', '/../omc/', '/./', '/o m c/', '/omc"/', '/.hidden/']) {
      expect(() => parseBasePath(bad), bad).toThrow(BasePathError)
      expect(() => parseBasePath(bad), bad).toThrow(`OMC_BASE_PATH=${JSON.stringify(bad)}`)
    }
  })
})

describe('basePathFor', () => {
  it('is "/" with neither setting, OMC_BASE_PATH when set, else the path of VITE_SITE_URL', () => {
    expect(basePathFor(undefined, undefined)).toBe('/')
    expect(basePathFor('', 'https://ohiomc.example')).toBe('/')
    expect(basePathFor('/omc/', undefined)).toBe('/omc/')
    expect(basePathFor(undefined, 'https://owner.github.io/omc')).toBe('/omc/')
    expect(basePathFor('omc', 'https://owner.github.io/omc/')).toBe('/omc/')
    expect(basePathFor('/omc/', 'https://ohiomc.example')).toBe('/omc/')
  })

  it('refuses the two naming different paths', () => {
    expect(() => basePathFor('/omc/', 'https://owner.github.io/other')).toThrow(/name different paths \(\/omc\/, \/other\/\)/)
  })

  it('leaves a VITE_SITE_URL that is no URL to the settings check', () => {
    expect(basePathFor(undefined, 'not a url')).toBe('/')
  })
})

describe('withBase and withoutBase', () => {
  it('put an app path under the base path and take it out again', () => {
    for (const base of ['/', '/omc/', '/a/b/']) {
      for (const path of ['/', '/events', '/dispensary-menus/columbus-store', '/product/ABC%2F1']) {
        expect(withoutBase(base, withBase(base, path))).toBe(path)
      }
    }
    expect(withBase('/omc/', '/events')).toBe('/omc/events')
    expect(withBase('/omc/', '/')).toBe('/omc/')
    expect(withBase('/', '/events')).toBe('/events')
  })

  it('take the base path without its slash as the site root, and leave other paths alone', () => {
    expect(withoutBase('/omc/', '/omc')).toBe('/')
    expect(withoutBase('/omc/', '/omc/')).toBe('/')
    expect(withoutBase('/omc/', '/other/page')).toBe('/other/page')
    expect(withoutBase('/omc/', '/omcx/page')).toBe('/omcx/page')
  })

  it('give React Router its basename', () => {
    expect(routerBasename('/')).toBe('/')
    expect(routerBasename('/omc/')).toBe('/omc')
  })
})

describe('parseEnv under a base path', () => {
  it('puts the snapshots and the site address under it, and changes nothing at the root', () => {
    expect(parseEnv({}).dataUrl).toBe('')
    expect(parseEnv({ VITE_SITE_URL: 'https://ohiomc.example/' }).siteUrl).toBe('https://ohiomc.example')
    expect(parseEnv({}, '/omc/').dataUrl).toBe('/omc')
    expect(parseEnv({ VITE_DATA_URL: 'https://cdn.example/data' }, '/omc/').dataUrl).toBe('https://cdn.example/data')
    expect(parseEnv({ VITE_SITE_URL: 'https://ohiomc.example' }, '/omc/').siteUrl).toBe('https://ohiomc.example/omc')
    expect(parseEnv({ VITE_SITE_URL: 'https://owner.github.io/omc/' }, '/omc/').siteUrl).toBe('https://owner.github.io/omc')
  })
})

describe('linksUnderBase', () => {
  const html =
    '<p><a href="/events">events</a>, <a href="https://x.example/a">x</a>, <a href="//cdn.example/b">cdn</a>, <a class="c" href="/">home</a></p>'

  it("puts links to the site's own pages under the base path, and leaves other links alone", () => {
    expect(linksUnderBase(html, '/omc/')).toBe(
      '<p><a href="/omc/events">events</a>, <a href="https://x.example/a">x</a>, <a href="//cdn.example/b">cdn</a>, <a class="c" href="/omc/">home</a></p>',
    )
  })

  it('changes nothing at the root', () => {
    expect(linksUnderBase(html, '/')).toBe(html)
  })
})
