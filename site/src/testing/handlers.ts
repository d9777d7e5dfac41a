import { http, HttpResponse } from 'msw'
import announcements from './fixtures/announcements.json'
import dispensaryStatus from './fixtures/dispensary-status.json'
import statistics from './fixtures/statistics.json'
import brands from './fixtures/brands.json'
import highlights from './fixtures/highlights.json'
import pipeline from './fixtures/pipeline.json'

/** snapshotPath matches a snapshot on any origin, as the data URL may point anywhere. */
export const snapshotPath = (name: string) => `*/api/${name}`

// The community pages exactly as `omc publish` wrote them from data/content
// (publish's TestSiteContentFixtures fails when they differ; go test ./publish -run
// TestSiteContentFixtures -update refreshes them).
const content = import.meta.glob<{ default: unknown }>('./fixtures/content/*.json', { eager: true })
const contentHandlers = Object.entries(content).map(([file, module]) => {
  const name = file.replace('./fixtures/content/', '').replace('.json', '')
  return http.get(snapshotPath(`content/${name}`), () => HttpResponse.json(module.default as never))
})

// The shopping snapshots (publish/SNAPSHOTS.md, copies of publish's golden files), named
// after their path with / as -; a path with no file is a 404, as on a static host.
const shop = import.meta.glob<{ default: unknown }>('./fixtures/shop/*.json', { eager: true })
const shopFiles = new Map(Object.entries(shop).map(([file, module]) => [file.replace('./fixtures/shop/', '').replace('.json', ''), module.default]))
// Product files are named for their product, served under their code (api/products/<code>).
for (const [name, body] of [...shopFiles]) {
  if (name.startsWith('products-')) shopFiles.set(`products-${(body as { code: string }).code}`, body)
}
const shopHandler = (prefix: string) =>
  http.get(snapshotPath(`${prefix}*`), ({ request }) => {
    const name = new URL(request.url).pathname.replace(/^.*\/api\//, '').replaceAll('/', '-')
    const body = shopFiles.get(name)
    return body === undefined ? new HttpResponse('not found', { status: 404 }) : HttpResponse.json(body as never)
  })

/** handlers serve the fixture snapshots; tests override one with server.use(). */
export const handlers = [
  http.get(snapshotPath('DispensaryStatus'), () => HttpResponse.json(dispensaryStatus)),
  http.get(snapshotPath('statistics'), () => HttpResponse.json(statistics)),
  http.get(snapshotPath('announcements'), () => HttpResponse.json(announcements)),
  http.get(snapshotPath('brands'), () => HttpResponse.json(brands)),
  http.get(snapshotPath('highlights'), () => HttpResponse.json(highlights)),
  http.get(snapshotPath('pipeline'), () => HttpResponse.json(pipeline)),
  ...contentHandlers,
  shopHandler('search/'),
  shopHandler('deals'),
  shopHandler('products/'),
  shopHandler('menus/'),
  shopHandler('trends'),
  shopHandler('open-data'),
  shopHandler('strains/'),
  shopHandler('terpenes/'),
]
