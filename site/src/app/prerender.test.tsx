import { describe, expect, it } from 'vitest'
import events from '../testing/fixtures/content/events.json'
import introduction from '../testing/fixtures/content/introduction.json'
import announcements from '../testing/fixtures/announcements.json'
import dispensaryStatus from '../testing/fixtures/dispensary-status.json'
import pipeline from '../testing/fixtures/pipeline.json'
import statistics from '../testing/fixtures/statistics.json'
import dealsIndex from '../testing/fixtures/shop/deals-index.json'
import dealsNortheast from '../testing/fixtures/shop/deals-northeast.json'
import bloomAkron from '../testing/fixtures/shop/menus-bloom-akron.json'
import muulFuel from '../testing/fixtures/shop/products-muul-fuel.json'
import searchFirst from '../testing/fixtures/shop/search-flower-first.json'
import firstNortheast from '../testing/fixtures/shop/search-flower-first-northeast.json'
import searchStores from '../testing/fixtures/shop/search-stores.json'
import strainMuulFuel from '../testing/fixtures/shop/strains-muul-fuel.json'
import terpenesIndex from '../testing/fixtures/shop/terpenes-index.json'
import terpeneLimonene from '../testing/fixtures/shop/terpenes-limonene.json'
import terpeneGuide from '../testing/fixtures/content/terpenes.json'
import { pageRenderedAt, publishedWithPage } from '../api/page-data'
import {
  aliasPagesOf,
  CANONICAL_PATHS,
  contentFor,
  env,
  PUBLIC_PATHS,
  productsByReach,
  publishedPages,
  render,
  renderPublished,
  sitemapPaths,
} from './prerender'

describe('alias pages', () => {
  it('lead each alias of a page to its main path, the values of its segments kept; the build writes main paths only', () => {
    const canonical = (path: string) => (env.siteUrl ? env.siteUrl + path : path)
    expect(aliasPagesOf('/donations')).toEqual([
      { path: '/donate', to: '/donations', canonical: canonical('/donations') },
      { path: '/contribute', to: '/donations', canonical: canonical('/donations') },
    ])
    expect(aliasPagesOf('/strain-genetics/blue-dream')).toEqual([
      { path: '/genetics/blue-dream', to: '/strain-genetics/blue-dream', canonical: canonical('/strain-genetics/blue-dream') },
    ])
    expect(aliasPagesOf('/events')).toEqual([])
    expect(aliasPagesOf('/no-such-page')).toEqual([])
    expect(PUBLIC_PATHS).toEqual(CANONICAL_PATHS)
    expect(PUBLIC_PATHS).not.toContain('/menu')
  })
})

describe('render (pre-rendering)', () => {
  it('writes the screen itself with its title, not a loading state', async () => {
    const { html } = await render('/growing-tool')
    expect(html).toContain('<title>Growing Tool - Ohio Marijuana Community</title>')
    expect(html).toContain('Entry #<!-- -->7')
    expect(html).not.toContain('Loading page')
  })

  it('writes a community page with the content it is given', async () => {
    expect(contentFor('/introduction')).toEqual(['content/introduction'])
    const { html } = await render('/introduction', { 'content/introduction': introduction })
    expect(html).toContain('Where the information comes from')
    const events2 = { ...events, events: [{ title: 'Spring expo', start: '2999-04-20' }] }
    expect((await render('/events', { 'content/events': events2 })).html).toContain('Spring expo')
  })

  it('refuses content of the wrong shape', async () => {
    await expect(render('/events', { 'content/events': { events: 'soon' } })).rejects.toThrow(
      'snapshot content/events has an unexpected shape at html',
    )
  })
})

describe('renderPublished (the data pages, after a publish)', () => {
  const renderedAt = Date.parse('2026-07-01T13:00:00Z')
  /** tree reads snapshots from a published tree holding these (name → JSON). */
  const tree =
    (files: Record<string, unknown>) =>
    (name: string): unknown =>
      files[name]
  // React separates adjacent text with comments: the text as a reader sees it.
  const plain = (html: string) => html.replaceAll('<!-- -->', '')
  const shop = {
    'deals/index': dealsIndex,
    'deals/northeast': dealsNortheast,
    'search/stores': searchStores,
    'search/flower/first': searchFirst,
    'search/flower/first-northeast': firstNortheast,
    'menus/bloom-akron': bloomAkron,
    [`products/${muulFuel.code}`]: muulFuel,
  }

  it('lists every path of the data pages, and a page for each store, product, strain and terpene whose snapshot is published', () => {
    const files: Record<string, string[]> = {
      menus: ['bloom-akron', 'Not A Slug', 'zen-leaf-dayton'],
      products: ['klutch-muul-fuel-flower-3-5g', 'no_such.code', 'wyld-gummies-100mg'],
      // The lists beside the pages (index) make none.
      strains: ['index', 'muul-fuel'],
      terpenes: ['index', 'index-1', 'limonene', 'linalool'],
      // A region's first page of a product type makes its region view; the shards and the whole state's files make none.
      'search/flower': ['all-1', 'central', 'first', 'first-central', 'first-northeast', 'northeast'],
      'search/vape': ['all-1', 'first', 'first-southwest', 'southwest', 'northwest'],
    }
    const pages = publishedPages((dir) => files[dir] ?? [])
    // An alias is a page leading to its main path, rendered at that path only.
    const leadsTo = (alias: string, path: string) => ({ path: alias, to: path, canonical: env.siteUrl ? env.siteUrl + path : path })
    expect(pages).toEqual([
      { path: '/', byQuery: false, aliases: [leadsTo('/home', '/')] },
      { path: '/dispensary-status', byQuery: false, aliases: [] },
      { path: '/dispensary-deals', byQuery: true, aliases: [leadsTo('/deals', '/dispensary-deals')] },
      { path: '/dispensary-menus', byQuery: true, aliases: [leadsTo('/menu', '/dispensary-menus')] },
      { path: '/dispensary-menus/northeast/flower', byQuery: true, each: 'search', aliases: [] },
      { path: '/dispensary-menus/central/flower', byQuery: true, each: 'search', aliases: [] },
      { path: '/dispensary-menus/southwest/vape', byQuery: true, each: 'search', aliases: [] },
      // A file publish cannot have written as a store's menu or a product makes no page.
      {
        path: '/dispensary-menus/bloom-akron',
        byQuery: true,
        typeViews: true,
        each: 'menus',
        aliases: [leadsTo('/menu/bloom-akron', '/dispensary-menus/bloom-akron')],
      },
      {
        path: '/dispensary-menus/zen-leaf-dayton',
        byQuery: true,
        typeViews: true,
        each: 'menus',
        aliases: [leadsTo('/menu/zen-leaf-dayton', '/dispensary-menus/zen-leaf-dayton')],
      },
      { path: '/product/klutch-muul-fuel-flower-3-5g', byQuery: true, each: 'products', aliases: [] },
      { path: '/product/wyld-gummies-100mg', byQuery: true, each: 'products', aliases: [] },
      {
        path: '/strain-genetics/muul-fuel',
        byQuery: false,
        each: 'strains',
        aliases: [leadsTo('/genetics/muul-fuel', '/strain-genetics/muul-fuel')],
      },
      { path: '/terpenes/index-1', byQuery: false, each: 'terpenes', aliases: [] },
      { path: '/terpenes/limonene', byQuery: false, each: 'terpenes', aliases: [] },
      { path: '/terpenes/linalool', byQuery: false, each: 'terpenes', aliases: [] },
    ])
    // The sitemap lists every screen and, once published, every store's and product's page.
    expect(sitemapPaths(pages)).toEqual([
      ...CANONICAL_PATHS,
      '/dispensary-menus/northeast/flower',
      '/dispensary-menus/central/flower',
      '/dispensary-menus/southwest/vape',
      '/dispensary-menus/bloom-akron',
      '/dispensary-menus/zen-leaf-dayton',
      '/product/klutch-muul-fuel-flower-3-5g',
      '/product/wyld-gummies-100mg',
      '/strain-genetics/muul-fuel',
      '/terpenes/index-1',
      '/terpenes/limonene',
      '/terpenes/linalool',
    ])
  })

  it('writes a strain page with its strain, and a terpene page with the guide and the products listing it', async () => {
    const strain = await renderPublished(
      `/strain-genetics/${strainMuulFuel.slug}`,
      tree({ [`strains/${strainMuulFuel.slug}`]: strainMuulFuel }),
      renderedAt,
    )
    expect(Object.keys(strain.data.snapshots)).toEqual([`strains/${strainMuulFuel.slug}`])
    expect(plain(strain.html)).toContain(`<h1>${strainMuulFuel.name}</h1>`)
    expect(strain.html).not.toContain('Strain not found')
    const terpene = await renderPublished(
      '/terpenes/limonene',
      tree({ 'content/terpenes': terpeneGuide, 'terpenes/index': terpenesIndex, 'terpenes/limonene': terpeneLimonene }),
      renderedAt,
    )
    expect(Object.keys(terpene.data.snapshots).sort()).toEqual(['content/terpenes', 'terpenes/index', 'terpenes/limonene'])
    const html = plain(terpene.html)
    expect(html).toContain('Citrus: orange and lemon peel.')
    expect(html).toContain(terpeneLimonene.products[0]!.name)
  })

  it('writes the status page with its summary and first cards, aged at the time of rendering', async () => {
    const { html, data } = await renderPublished('/dispensary-status', tree({ DispensaryStatus: dispensaryStatus, pipeline }), renderedAt)
    expect(html).not.toContain('Loading dispensary status')
    expect(html).toContain('id="status-summary-heading"')
    // Ages are counted to the time of rendering: the browser hydrates with the same time.
    expect(html).toContain('>(3 h ago)<')
    for (const d of dispensaryStatus.slice(0, 3)) expect(html).toContain(d.name)
    expect(html).toContain('Last scrape run')
    expect(data.renderedAt).toBe(renderedAt)
    expect(Object.keys(data.snapshots).sort()).toEqual(['DispensaryStatus', 'pipeline'])
    // The renderer leaves nothing behind for the next page.
    expect(pageRenderedAt()).toBeUndefined()
    expect(publishedWithPage('DispensaryStatus')).toBe(false)
  })

  it('writes the homepage with its statistics and announcements', async () => {
    const { html } = await renderPublished('/', tree({ statistics, announcements }), renderedAt)
    expect(html).not.toContain('Loading product statistics')
    expect(html).toContain(statistics.topFlower[0]!.name)
    expect(html).toContain(announcements[0]!.text)
  })

  it('leaves out a snapshot the tree does not have: the page loads it in the browser', async () => {
    const { html, data } = await renderPublished('/', tree({ statistics }), renderedAt)
    expect(Object.keys(data.snapshots)).toEqual(['statistics'])
    expect(html).toContain(statistics.topFlower[0]!.name)
  })

  it('writes Deals with its first deals (every region with deals), each with what a shopper needs, and when it was rendered', async () => {
    const rendered = await renderPublished('/dispensary-deals', tree(shop), renderedAt)
    const { data } = rendered
    const html = plain(rendered.html)
    // The regions without deals are not read; the tax rates come from the stores' list.
    expect(Object.keys(data.snapshots).sort()).toEqual(['deals/index', 'deals/northeast', 'search/stores'])
    expect(html).not.toContain('Loading deals')
    expect(html).toContain(`${dealsNortheast.deals.length} deals`)
    for (const d of dealsNortheast.deals) expect(html).toContain(d.name)
    const deal = dealsNortheast.deals[0]!
    // The price paid, the regular price struck, the market and the menu's age (to the time of rendering).
    expect(html).toContain(`$${deal.salePrice.toFixed(2)}`)
    expect(html).toContain(`regular price </span>$${deal.price.toFixed(2)}</del>`)
    expect(html).toContain('Adult use')
    expect(html).toContain('menu updated 3 h ago')
    expect(html).toContain('data-testid="rendered-at"')
    expect(html).toContain('Jul 1, 2026, 9:00')
  })

  it('writes Menus with the first page of its default search', async () => {
    const rendered = await renderPublished('/dispensary-menus', tree(shop), renderedAt)
    const { data } = rendered
    const html = plain(rendered.html)
    expect(Object.keys(data.snapshots).sort()).toEqual(['search/flower/first', 'search/stores'])
    expect(html).not.toContain('Loading the menus search')
    expect(html).toContain('Everything in stock, all of Ohio')
    expect(html).toContain(`${searchFirst.total} offers at ${searchFirst.stores} stores`)
    expect(html).toContain(searchFirst.products.name[0])
    // The filters with counts, whole: publish's counts of the whole search (its first page's facets).
    for (const [brand, count] of searchFirst.facets.brand) expect(html).toContain(`${brand} (${count})`)
    expect(html).toContain('<legend>Terpene</legend>')
  })

  it('writes a region’s view of Menus with that region’s first page, cheapest first, and the stores’ list', async () => {
    const rendered = await renderPublished('/dispensary-menus/northeast/flower', tree(shop), renderedAt)
    const html = plain(rendered.html)
    expect(Object.keys(rendered.data.snapshots).sort()).toEqual(['search/flower/first-northeast', 'search/stores'])
    expect(html).toContain('<title>Menus: Flower in Northeast Ohio - Ohio Marijuana Community</title>')
    expect(html).not.toContain('Loading the menus search')
    expect(html).toContain(
      `${firstNortheast.total} offers at ${firstNortheast.stores} stores: Flower on medical and adult-use menus in Northeast Ohio`,
    )
    // Cheapest first: Muul Fuel's $38 before Gelato 41's $42.
    expect(html).toContain('$38.00')
    expect(html.indexOf('Muul Fuel')).toBeLessThan(html.indexOf('Gelato 41'))
  })

  it('writes a store’s page with its offers, and refuses a page for a store with no menu', async () => {
    const rendered = await renderPublished('/dispensary-menus/bloom-akron', tree(shop), renderedAt)
    const { data } = rendered
    const html = plain(rendered.html)
    expect(Object.keys(data.snapshots)).toEqual(['menus/bloom-akron'])
    expect(html).toContain('<title>Bloom Akron - Ohio Marijuana Community</title>')
    expect(html).not.toContain('Loading the store’s menu')
    // Offers are columns (publish/SNAPSHOTS.md): one entry of each column per offer.
    const offers = bloomAkron.markets.reduce((n, m) => n + m.offers.product.length, 0)
    expect(html).toContain(`${offers} of ${offers} offers`)
    // The filters with counts, counted in the render, as the page's hydration counts them.
    expect(html).toContain('<legend>Brand</legend>')
    expect(html).toMatch(/On sale \(\d+\)/)
    // Another store renders in one pass, with its own data.
    const other = { ...bloomAkron, slug: 'bloom-columbus', name: 'Bloom Columbus' }
    const second = await renderPublished('/dispensary-menus/bloom-columbus', tree({ 'menus/bloom-columbus': other }), renderedAt)
    expect(second.html).toContain('<title>Bloom Columbus - Ohio Marijuana Community</title>')
  })

  it('writes a product’s page with every store offering it: size, price paid with the regular price struck, unit price, store, market, freshness', async () => {
    const rendered = await renderPublished(`/product/${muulFuel.code}`, tree(shop), renderedAt)
    const { data } = rendered
    const html = plain(rendered.html)
    // Only the product: the stores' hours and tax rates (api/search/stores) follow after hydration.
    expect(Object.keys(data.snapshots)).toEqual([`products/${muulFuel.code}`])
    expect(html).toContain('<title>Muul Fuel - Ohio Marijuana Community</title>')
    expect(html).not.toContain('Loading the product')
    expect(html).toContain(`In stock at ${muulFuel.offers.length} menus, cheapest first`)
    for (const o of muulFuel.offers) expect(html).toContain(o.storeName)
    const sale = muulFuel.offers.find((o) => o.salePrice !== null)!
    expect(html).toContain(`$${sale.salePrice!.toFixed(2)}`)
    expect(html).toContain(`regular price </span>$${sale.price.toFixed(2)}</del>`)
    expect(html).toContain(`$${sale.unitPrice.toFixed(2)}/g`)
    expect(html).toContain('<dd>3.5g</dd>')
    expect(html).toContain('Adult use')
    // Freshness to the time of rendering (13:00): Bloom Akron's menu was updated at 10:00.
    expect(html).toContain('menu updated 3 h ago')
    // Dates on Ohio's clock, as the browser hydrates them; the price history drawn.
    expect(html).toContain('<dd>6/24/2026</dd>')
    expect(html).toContain('aria-label="Lowest price paid per day')
    expect(html).toContain('data-testid="rendered-at"')
    // Cheapest first: the price paid orders the rows.
    const paid = (o: (typeof muulFuel.offers)[number]) => o.salePrice ?? o.price
    const cheapest = [...muulFuel.offers].sort((a, b) => paid(a) - paid(b))[0]!
    expect(html.indexOf(cheapest.storeName)).toBeLessThan(
      Math.min(...muulFuel.offers.filter((o) => o !== cheapest).map((o) => html.indexOf(o.storeName))),
    )
  })

  it('orders products for a partial rendering: listed now, at the most menus first, then by code; an unreadable one last', () => {
    const offers = (n: number) => Array.from({ length: n }, () => ({}))
    const files: Record<string, unknown> = {
      'products/b-two': { listedNow: true, offers: offers(2) },
      'products/a-two': { listedNow: true, offers: offers(2) },
      'products/c-five': { listedNow: true, offers: offers(5) },
      'products/gone': { listedNow: false, offers: [], lastOffers: offers(9) },
      'products/odd': { listedNow: true, offers: 'many' },
    }
    const read = (name: string) => {
      if (name === 'products/broken') throw new Error('not valid JSON')
      return files[name]
    }
    expect(productsByReach(['gone', 'broken', 'a-two', 'odd', 'c-five', 'b-two'], read)).toEqual([
      'c-five',
      'a-two',
      'b-two',
      'broken',
      'gone',
      'odd',
    ])
  })

  it('refuses a snapshot of the wrong shape, naming it, and a page that is not a data page', async () => {
    await expect(renderPublished('/dispensary-status', tree({ DispensaryStatus: [{ name: 1 }] }), renderedAt)).rejects.toThrow(
      'snapshot DispensaryStatus',
    )
    await expect(renderPublished('/dispensary-menus/bloom-akron', tree({ 'menus/bloom-akron': { name: 1 } }), renderedAt)).rejects.toThrow(
      'snapshot menus/bloom-akron',
    )
    await expect(renderPublished('/product/x', tree({ 'products/x': { code: 1 } }), renderedAt)).rejects.toThrow('snapshot products/x')
    await expect(renderPublished('/events', tree({}), renderedAt)).rejects.toThrow('/events: not one of the pages rendered after a publish')
  })
})
