import { http, HttpResponse } from 'msw'
import announcements from './fixtures/announcements.json'
import dispensaryStatus from './fixtures/dispensary-status.json'
import statistics from './fixtures/statistics.json'
import brands from './fixtures/brands.json'
import highlights from './fixtures/highlights.json'
import pipeline from './fixtures/pipeline.json'
import strains from './fixtures/strains.json'
import terpenes from './fixtures/terpenes.json'
import trends from './fixtures/trends.json'

/** snapshotPath matches a snapshot on any origin, as the data URL may point anywhere. */
export const snapshotPath = (name: string) => `*/api/${name}`

// The community pages exactly as `omc publish` wrote them from data/content
// (refresh: go run ./cmd/omc publish --out DIR, then copy DIR/api/content/*).
const content = import.meta.glob<{ default: unknown }>('./fixtures/content/*.json', { eager: true })
const contentHandlers = Object.entries(content).map(([file, module]) => {
  const name = file.replace('./fixtures/content/', '').replace('.json', '')
  return http.get(snapshotPath(`content/${name}`), () => HttpResponse.json(module.default as never))
})

// One file per strain or terpene page, named by its slug.
const detailHandlers = Object.entries(
  import.meta.glob<{ default: unknown }>(['./fixtures/strains/*.json', './fixtures/terpenes/*.json'], { eager: true }),
).map(([file, module]) => http.get(snapshotPath(file.replace('./fixtures/', '').replace('.json', '')), () => HttpResponse.json(module.default as never)))

/** handlers serve the fixture snapshots; tests override one with server.use(). */
export const handlers = [
  http.get(snapshotPath('DispensaryStatus'), () => HttpResponse.json(dispensaryStatus)),
  http.get(snapshotPath('statistics'), () => HttpResponse.json(statistics)),
  http.get(snapshotPath('announcements'), () => HttpResponse.json(announcements)),
  http.get(snapshotPath('brands'), () => HttpResponse.json(brands)),
  http.get(snapshotPath('highlights'), () => HttpResponse.json(highlights)),
  http.get(snapshotPath('pipeline'), () => HttpResponse.json(pipeline)),
  http.get(snapshotPath('trends'), () => HttpResponse.json(trends)),
  http.get(snapshotPath('strains'), () => HttpResponse.json(strains)),
  http.get(snapshotPath('terpenes'), () => HttpResponse.json(terpenes)),
  ...detailHandlers,
  ...contentHandlers,
]
