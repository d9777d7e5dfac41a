import { http, HttpResponse } from 'msw'
import announcements from './fixtures/announcements.json'
import dispensaryStatus from './fixtures/dispensary-status.json'
import statistics from './fixtures/statistics.json'

/** snapshotPath matches a snapshot on any origin, as the data URL may point anywhere. */
export const snapshotPath = (name: string) => `*/api/${name}`

/** handlers serve the fixture snapshots; tests override one with server.use(). */
export const handlers = [
  http.get(snapshotPath('DispensaryStatus'), () => HttpResponse.json(dispensaryStatus)),
  http.get(snapshotPath('statistics'), () => HttpResponse.json(statistics)),
  http.get(snapshotPath('announcements'), () => HttpResponse.json(announcements)),
]
