import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { searchFilesFor } from '../features/menus/api/search-files'
import { APP_START_LATEST_MS, APP_TEMPLATE_ID, earlyDataScript, LOADING_TEXT } from './early-data'
import { ROUTES } from './routes'

// The inline script runs as the built pages carry it (vite.config.ts), at a URL, in a document.
function preloadsAt(url: string, { dataUrl = '', base = '/', carried }: { dataUrl?: string; base?: string; carried?: Record<string, unknown> } = {}) {
  window.history.replaceState(null, '', url)
  document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove())
  document.body.innerHTML = carried
    ? `<div id="root"></div><script type="application/json" id="omc-page-data">${JSON.stringify({ renderedAt: 0, snapshots: carried })}</script>`
    : '<div id="root"></div>'
  new Function(earlyDataScript(ROUTES, dataUrl, base, 'menus', 'Ohio Marijuana Community'))()
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => {
    expect([l.as, l.crossOrigin]).toEqual(['fetch', 'anonymous'])
    return l.getAttribute('href')
  })
}

afterEach(() => window.history.replaceState(null, '', '/'))

describe('the early data script', () => {
  it('asks for a screen’s data and the search file of the default Menus search', () => {
    expect(preloadsAt('/dispensary-status')).toEqual(['/api/DispensaryStatus'])
    expect(preloadsAt('/dispensary-menus')).toEqual(['/api/search/stores', '/api/search/flower/first'])
    expect(preloadsAt('/')).toEqual(['/api/statistics', '/api/announcements'])
  })

  it('derives Menus’ search file from the query as the app does', () => {
    for (const query of [
      '?region=Northeast',
      '?type=Vape&region=Central',
      '?type=Edible',
      '?by=distance&zip=43215',
      '?region=../x',
      '',
      '?fbclid=IwAR0abc',
      '?utm_source=facebook&region=Central',
    ]) {
      const expected = searchFilesFor(new URL(`https://omc.example/dispensary-menus${query}`)).map((name) => `/api/${name}`)
      expect(preloadsAt(`/dispensary-menus${query}`)).toEqual(['/api/search/stores', ...expected])
    }
  })

  it('asks for a store’s menu and a product at their pages, under an alias too', () => {
    expect(preloadsAt('/dispensary-menus/bloom-akron')).toEqual(['/api/menus/bloom-akron'])
    expect(preloadsAt('/menu/bloom-akron')).toEqual(['/api/menus/bloom-akron'])
    expect(preloadsAt('/product/klutch-muul-fuel-flower-3-5g')).toEqual(['/api/products/klutch-muul-fuel-flower-3-5g'])
  })

  it('asks for a region view’s first page, its path’s segments in the file name’s order', () => {
    expect(preloadsAt('/dispensary-menus/central/vape')).toEqual(['/api/search/stores', '/api/search/vape/first-central'])
    expect(preloadsAt('/dispensary-menus/central/vape', { carried: { 'search/stores': {}, 'search/vape/first-central': {} } })).toEqual([])
  })

  it('asks for nothing the page carries, nor for a personal screen or an unknown path', () => {
    expect(preloadsAt('/dispensary-menus/bloom-akron', { carried: { 'menus/bloom-akron': {} } })).toEqual([])
    expect(preloadsAt('/dispensary-menus?region=Central', { carried: { 'search/stores': {}, 'search/flower/first': {} } })).toEqual([
      '/api/search/flower/central',
    ])
    expect(preloadsAt('/profile')).toEqual([])
    expect(preloadsAt('/no-such-page')).toEqual([])
  })

  it('reads snapshots from the data address, under the base path', () => {
    expect(preloadsAt('/omc/dispensary-status', { dataUrl: '/omc', base: '/omc/' })).toEqual(['/omc/api/DispensaryStatus'])
    expect(preloadsAt('/dispensary-deals', { dataUrl: 'https://cdn.example/data' })).toEqual(['https://cdn.example/data/api/deals/index'])
  })
})

describe('404.html, which a static host sends for any path it has no file for', () => {
  const NOT_FOUND = '<main><h1>The page you requested was not found!</h1></main>'
  function notFoundPageAt(url: string) {
    window.history.replaceState(null, '', url)
    document.title = 'Page Not Found - Ohio Marijuana Community'
    document.body.innerHTML = `<div id="root" data-prerendered="404">${NOT_FOUND}</div>`
    document.documentElement.dataset.early = 'pending'
    new Function(earlyDataScript(ROUTES, '', '/', 'menus', 'Ohio Marijuana Community'))()
    // The mark that keeps the page's "not found" hidden until now is gone (global.css).
    expect(document.documentElement.dataset.early).toBeUndefined()
    return {
      main: document.querySelector('main')!.textContent,
      status: document.querySelector('main [role="status"]')?.textContent,
      title: document.title,
    }
  }

  it('says a screen of the app is loading, never "not found", at its paths', () => {
    for (const path of ['/dispensary-menus/a-store-rendered-later', '/menu/a-store', '/signin', '/profile', '/strain-genetics/blue-dream']) {
      expect(notFoundPageAt(path), path).toEqual({ main: LOADING_TEXT, status: LOADING_TEXT, title: 'Ohio Marijuana Community' })
    }
  })

  it('says "not found" at a path the app does not know, and leaves every other page as it is', () => {
    expect(notFoundPageAt('/no-such-page')).toEqual({
      main: 'The page you requested was not found!',
      status: undefined,
      title: 'Page Not Found - Ohio Marijuana Community',
    })
    window.history.replaceState(null, '', '/dispensary-status')
    document.body.innerHTML = `<div id="root" data-prerendered="/dispensary-status"><main><h1>Dispensary Status</h1></main></div>`
    new Function(earlyDataScript(ROUTES, '', '/', 'menus', 'Ohio Marijuana Community'))()
    expect(document.querySelector('main')!.textContent).toBe('Dispensary Status')
  })
})

describe('a page rendered for another path or query, which the app renders afresh', () => {
  const MENUS = '<main><h1>Dispensary Menus</h1><table><tbody><tr><td>Everything in stock, all of Ohio</td></tr></tbody></table></main>'
  function pageAt(url: string, attributes: string) {
    window.history.replaceState(null, '', url)
    document.title = 'Dispensary Menus - Ohio Marijuana Community'
    document.body.innerHTML = `<div id="root" ${attributes}>${MENUS}</div>`
    document.documentElement.dataset.early = 'pending'
    new Function(earlyDataScript(ROUTES, '', '/', 'menus', 'Ohio Marijuana Community'))()
    expect(document.documentElement.dataset.early).toBeUndefined()
    return { main: document.querySelector('main')!.textContent, status: document.querySelector('main [role="status"]')?.textContent }
  }
  const loading = { main: LOADING_TEXT, status: LOADING_TEXT }
  const asRendered = { main: 'Dispensary MenusEverything in stock, all of Ohio', status: undefined }

  it('says it is loading when opened with a query other than the one it was rendered for', () => {
    const rendered = 'data-prerendered="/dispensary-menus" data-query=""'
    for (const query of ['?by=region&region=Central&type=Flower', '?sale=1', '?by=distance&zip=43215']) {
      expect(pageAt(`/dispensary-menus${query}`, rendered), query).toEqual(loading)
    }
    expect(pageAt('/dispensary-menus', rendered)).toEqual(asRendered)
    expect(pageAt('/dispensary-menus/', rendered)).toEqual(asRendered)
    // A link shared on Facebook or from a newsletter is the default search: the page as rendered.
    expect(pageAt('/dispensary-menus?fbclid=IwAR0abc', rendered)).toEqual(asRendered)
    expect(pageAt('/dispensary-menus?utm_source=newsletter&utm_medium=email', rendered)).toEqual(asRendered)
    expect(pageAt('/dispensary-menus?utm_source=newsletter&region=Central', rendered)).toEqual(loading)
  })

  it('says it is loading at another path, and leaves a page whose HTML the app hydrates whatever its query', () => {
    expect(pageAt('/dispensary-menus/bloom-akron', 'data-prerendered="/"')).toEqual(loading)
    // The build's own pages carry no data-query: the app hydrates them for any query.
    expect(pageAt('/dispensary-menus?region=Central', 'data-prerendered="/dispensary-menus"')).toEqual(asRendered)
    expect(pageAt('/dispensary-menus?region=Central', '')).toEqual(asRendered)
  })
})

describe('a store’s page rendered for its default view, opened with one product type (?type=Flower)', () => {
  // Its offers in a section per type, as StorePage renders them; global.css shows the one named
  // by data-url-type (index.html) while the page is read.
  const STORE = `<main><h1>Bloom Akron</h1><form aria-label="Search this menu"><select><option value="">All types (2)</option><option value="Flower">Flower (1)</option><option value="Vape">Vape (1)</option></select><select><option value="price">Price</option></select></form><section aria-labelledby="offers-heading"><h2 id="offers-heading">Offers</h2>${[
    'Flower',
    'Vape',
  ]
    .map(
      (type) =>
        `<section aria-labelledby="category-${type}"><h3 id="category-${type}">${type}</h3><table><tbody><tr><td>a ${type} offer</td></tr></tbody></table></section>`,
    )
    .join('')}</section></main>`
  function storeAt(
    url: string,
    {
      urlType,
      attributes = 'data-prerendered="/dispensary-menus/bloom-akron" data-query="" data-type-views=""',
    }: { urlType?: string; attributes?: string },
  ) {
    window.history.replaceState(null, '', url)
    document.body.innerHTML = `<div id="root" ${attributes}>${STORE}</div>`
    document.documentElement.dataset.early = 'pending'
    if (urlType === undefined) delete document.documentElement.dataset.urlType
    else document.documentElement.dataset.urlType = urlType
    new Function(earlyDataScript(ROUTES, '', '/', 'menus', 'Ohio Marijuana Community'))()
    const root = document.getElementById('root')!
    return {
      loading: root.querySelector('main [role="status"]')?.textContent === LOADING_TEXT,
      typeShown: root.dataset.typeShown ?? null,
      chosen: root.querySelector('select')?.value ?? null,
    }
  }
  afterEach(() => delete document.documentElement.dataset.urlType)

  it('leaves the page showing that type’s offers, marks the root with the type and chooses it in the form', () => {
    expect(storeAt('/dispensary-menus/bloom-akron?type=Vape', { urlType: 'Vape' })).toEqual({ loading: false, typeShown: 'Vape', chosen: 'Vape' })
    expect(storeAt('/dispensary-menus/bloom-akron?type=Flower&utm_source=newsletter', { urlType: 'Flower' })).toEqual({
      loading: false,
      typeShown: 'Flower',
      chosen: 'Flower',
    })
  })

  it('says it is loading for a type the store does not list, another query, or a page without type sections', () => {
    expect(storeAt('/dispensary-menus/bloom-akron?type=Edible', { urlType: 'Edible' })).toEqual({ loading: true, typeShown: null, chosen: null })
    expect(storeAt('/dispensary-menus/bloom-akron?type=Vape"]', { urlType: 'Vape"]' })).toEqual({ loading: true, typeShown: null, chosen: null })
    // index.html marks a URL's type only when the type is all its query.
    expect(storeAt('/dispensary-menus/bloom-akron?type=Vape&sale=1', {})).toEqual({ loading: true, typeShown: null, chosen: null })
    expect(
      storeAt('/dispensary-menus/bloom-akron?type=Vape', {
        urlType: 'Vape',
        attributes: 'data-prerendered="/dispensary-menus/bloom-akron" data-query=""',
      }),
    ).toEqual({
      loading: true,
      typeShown: null,
      chosen: null,
    })
    // Menus' page rendered for its default search is no store's.
    expect(storeAt('/dispensary-menus?type=Vape', { urlType: 'Vape', attributes: 'data-prerendered="/dispensary-menus" data-query=""' })).toEqual({
      loading: true,
      typeShown: null,
      chosen: null,
    })
  })
})

describe('a rendered page holding the app’s code (scripts/prerender-html.mjs holdApp)', () => {
  const HELD = `<template id="${APP_TEMPLATE_ID}"><script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-def.js"></template>`
  const started = () => ({
    entry: document.head.querySelector('script[type="module"]')?.getAttribute('src') ?? null,
    preload: document.head.querySelector('link[rel="modulepreload"]')?.getAttribute('href') ?? null,
    held: document.getElementById(APP_TEMPLATE_ID) !== null,
  })
  const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
  function pageAt(url: string, rendered: string) {
    window.history.replaceState(null, '', url)
    document.head.innerHTML = HELD
    document.body.innerHTML = `<div id="root" data-prerendered="${rendered}"><main><h1>Dispensary Menus</h1></main></div>`
    new Function(earlyDataScript(ROUTES, '', '/', 'menus', 'Ohio Marijuana Community'))()
  }
  afterEach(() => {
    document.head.innerHTML = ''
    vi.restoreAllMocks()
    vi.useRealTimers()
  })

  it('is held under the id the page renderer (a Node script, its own copy of it) gives it', () => {
    const renderer = fs.readFileSync(path.resolve(__dirname, '../../scripts/prerender-html.mjs'), 'utf8')
    expect(renderer).toContain(`export const APP_TEMPLATE_ID = '${APP_TEMPLATE_ID}'`)
  })

  it('starts it once the page has been painted, and once', async () => {
    pageAt('/dispensary-menus', '/dispensary-menus')
    expect(started()).toEqual({ entry: null, preload: null, held: true })
    await afterPaint()
    expect(started()).toEqual({ entry: '/assets/index-abc.js', preload: '/assets/vendor-def.js', held: false })
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(1)
  })

  it('starts it at once on a page the app renders afresh, and in a tab nobody sees', () => {
    pageAt('/dispensary-menus/bloom-akron', '/')
    expect(started()).toEqual({ entry: '/assets/index-abc.js', preload: '/assets/vendor-def.js', held: false })
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    pageAt('/dispensary-menus', '/dispensary-menus')
    expect(started()).toEqual({ entry: '/assets/index-abc.js', preload: '/assets/vendor-def.js', held: false })
  })

  it('starts it all the same when no frame comes', () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0)
    pageAt('/dispensary-menus', '/dispensary-menus')
    vi.advanceTimersByTime(APP_START_LATEST_MS - 1)
    expect(started().held).toBe(true)
    vi.advanceTimersByTime(1)
    expect(started()).toEqual({ entry: '/assets/index-abc.js', preload: '/assets/vendor-def.js', held: false })
  })
})
