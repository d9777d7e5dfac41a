import fs from 'node:fs'
import path from 'node:path'
import { render } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { offerRow } from '@/testing/offer-row'
import { FIRST_OFFER_ID, OfferTable } from './offer-table'

// The page renderer (a Node script) holds a page's first paint for the row with this id: its own copy of it.
const renderer = fs.readFileSync(path.resolve(__dirname, '../../../scripts/prerender-html.mjs'), 'utf8')

const idsOf = (marksFirst: boolean) => {
  const { container, unmount } = render(
    <MemoryRouter>
      <OfferTable rows={[offerRow({ key: 'a' }), offerRow({ key: 'b' })]} columns={['product', 'price']} nowMs={0} marksFirst={marksFirst} />
    </MemoryRouter>,
  )
  const ids = [...container.querySelectorAll('tbody tr')].map((tr) => tr.id)
  unmount()
  return ids
}

describe('OfferTable’s first row', () => {
  it('carries the id a rendered page holds its first paint for, on the page’s main list only', () => {
    expect(renderer).toContain(`export const FIRST_OFFER_ID = '${FIRST_OFFER_ID}'`)
    expect(idsOf(true)).toEqual([FIRST_OFFER_ID, ''])
    expect(idsOf(false)).toEqual(['', ''])
  })
})
