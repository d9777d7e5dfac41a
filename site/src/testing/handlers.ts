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
// (refresh: go run ./cmd/omc publish --out DIR, then copy DIR/api/content/*).
const content = import.meta.glob<{ default: unknown }>('./fixtures/content/*.json', { eager: true })
const contentHandlers = Object.entries(content).map(([file, module]) => {
  const name = file.replace('./fixtures/content/', '').replace('.json', '')
  return http.get(snapshotPath(`content/${name}`), () => HttpResponse.json(module.default as never))
})

// Publish's golden shopping files (fixtures/shop, kept equal by go test ./publish),
// served at their snapshot paths: strains-muul-fuel.json is api/strains/muul-fuel.
const SHOP_PATHS = /^(trends|strains-index|strains-[a-z0-9-]+|terpenes-index|terpenes-[a-z0-9-]+)$/
const shopHandlers = Object.entries(import.meta.glob<{ default: unknown }>('./fixtures/shop/*.json', { eager: true }))
  .map(([file, module]) => ({ name: file.replace('./fixtures/shop/', '').replace('.json', ''), body: module.default }))
  .filter(({ name }) => SHOP_PATHS.test(name))
  .map(({ name, body }) => http.get(snapshotPath(name.replace(/^(strains|terpenes)-/, '$1/')), () => HttpResponse.json(body as never)))

/** handlers serve the fixture snapshots; tests override one with server.use(). */
export const handlers = [
  http.get(snapshotPath('DispensaryStatus'), () => HttpResponse.json(dispensaryStatus)),
  http.get(snapshotPath('statistics'), () => HttpResponse.json(statistics)),
  http.get(snapshotPath('announcements'), () => HttpResponse.json(announcements)),
  http.get(snapshotPath('brands'), () => HttpResponse.json(brands)),
  http.get(snapshotPath('highlights'), () => HttpResponse.json(highlights)),
  http.get(snapshotPath('pipeline'), () => HttpResponse.json(pipeline)),
  ...shopHandlers,
  ...contentHandlers,
]
