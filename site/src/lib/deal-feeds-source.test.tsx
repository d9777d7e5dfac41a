import { readFileSync } from 'node:fs'
import path from 'node:path'
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { DealFeeds } from '../features/deals/components/deal-feeds'

// The Deals screen links the Atom feeds publish writes (publish/feeds.go), naming each
// by the feed's own title and at the feed's own path. Both are read here from the feeds
// as publish's golden tests keep them (publish/testdata/*.golden.atom, rewritten by
// go test ./publish -update), so a feed renamed or moved in Go fails here.
const GOLDEN = path.resolve(__dirname, '../../../publish/testdata')

/** feedOf reads a golden feed's title and the path of its rel="self" link. */
function feedOf(file: string): { title: string; path: string } {
  const doc = new DOMParser().parseFromString(readFileSync(path.join(GOLDEN, file), 'utf8'), 'application/xml')
  const feed = doc.documentElement
  const title = [...feed.children].find((e) => e.localName === 'title')?.textContent
  const self = [...feed.children].find((e) => e.localName === 'link' && e.getAttribute('rel') === 'self')?.getAttribute('href')
  expect(title, `${file}: no title`).toBeTruthy()
  expect(self, `${file}: no rel="self" link`).toBeTruthy()
  return { title: title!, path: new URL(self!).pathname }
}

afterEach(cleanup)

describe('the Deals screen’s feed links follow the feeds publish writes', () => {
  it.each([
    { region: '', file: 'deals-feed.golden.atom' },
    { region: 'Northeast', file: 'deals-feed-northeast.golden.atom' },
  ])('$file', ({ region, file }) => {
    const feed = feedOf(file)
    render(<DealFeeds region={region} />)
    const link = document.head.querySelector('link[rel="alternate"][type="application/atom+xml"]')
    expect(link).not.toBeNull()
    expect(link!.getAttribute('title')).toBe(feed.title)
    expect(new URL(link!.getAttribute('href')!, 'http://127.0.0.1/').pathname).toBe(feed.path)
  })
})
