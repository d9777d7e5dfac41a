import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { offerRow } from '@/testing/offer-row'
import { OfferCards, OfferTable, type OfferRow } from './offer-table'

const row = (over: Partial<OfferRow>): OfferRow => offerRow({ salePrice: 36, unitPrice: 10.29, ...over })

describe('an offer row on sale', () => {
  it('shows the 30-day low under the struck price, in the table and the cards', () => {
    const r = row({ saleLow: { low: 40, regularCharged: false, daysSeen: null } })
    for (const list of [
      <OfferTable key="t" rows={[r]} columns={['product', 'price']} nowMs={0} />,
      <OfferCards key="c" rows={[r]} nowMs={0} showStore />,
    ]) {
      const { unmount } = render(<MemoryRouter>{list}</MemoryRouter>)
      expect(screen.getByText('lowest in the 30 days before: $40.00')).toBeTruthy()
      expect(screen.getByText('regular price not charged in the last 30 days')).toBeTruthy()
      unmount()
    }
  })

  it('says nothing of a low for an offer not on sale, and marks a product page’s price at its 90-day low', () => {
    render(
      <MemoryRouter>
        <OfferTable
          rows={[row({ salePrice: null, saleLow: { low: 40, regularCharged: true, daysSeen: null }, low90: 45 })]}
          columns={['product', 'price']}
          nowMs={0}
        />
      </MemoryRouter>,
    )
    expect(screen.queryByText(/lowest in the 30 days before/)).toBeNull()
    expect(screen.getByText('lowest in 90 days: $45.00 (today’s price)')).toBeTruthy()
  })
})
