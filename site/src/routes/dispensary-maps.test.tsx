import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FIXTURE_NOW } from '../testing/fixture-now'
import { renderApp } from '../testing/render'

describe('Dispensary maps', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(FIXTURE_NOW)
  })
  afterEach(() => vi.useRealTimers())

  it('says how many stores are on the map and which sit at a city centre, with a list for keyboards and screen readers', async () => {
    const user = userEvent.setup()
    renderApp('/maps')
    expect(await screen.findByText('5 dispensaries on the map.')).toBeInTheDocument()
    // The Botanist Canton's position is its platform's own; the others sit at their city's centre.
    expect(screen.getByText(/^4 of them sit at the centre of their city/)).toBeInTheDocument()
    const list = screen.getByText('The same stores as a list').closest('details') as HTMLElement
    expect(within(list).getByRole('link', { name: 'Bloom Akron' })).toHaveAttribute('href', '/dispensary-status#bloom-akron')
    expect(within(list).getAllByRole('img', { name: 'current' }).length).toBe(2)

    await user.selectOptions(screen.getByRole('combobox', { name: 'Monitored' }), 'no')
    expect(await screen.findByText('1 dispensary on the map.')).toBeInTheDocument()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Monitored' }), '')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Market' }), 'medical')
    expect(await screen.findByText('1 dispensary on the map.')).toBeInTheDocument()
  })

  it('centres on the visitor and lists the nearest stores when location is allowed', async () => {
    const user = userEvent.setup()
    // A visitor in Canton, about a mile from The Botanist Canton.
    const getCurrentPosition = vi.fn((ok: PositionCallback) => ok({ coords: { latitude: 40.82, longitude: -81.3962 } } as GeolocationPosition))
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true })
    renderApp('/maps')
    await screen.findByText('5 dispensaries on the map.')
    await user.click(screen.getByRole('button', { name: 'Near me' }))
    const nearest = await screen.findByRole('region', { name: 'Nearest to you' })
    const [first, second] = within(nearest).getAllByRole('listitem')
    expect(first).toHaveTextContent(/^\s*The Botanist Canton, Canton: about 1\.0 miles$/)
    // Bloom Akron sits at Akron's centre: the distance says so.
    expect(second).toHaveTextContent(/Bloom Akron, 737 E\. North St\., Akron: about 19 miles \(to the city centre\)$/)
  })

  it('explains when location is refused', async () => {
    const user = userEvent.setup()
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError),
    )
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true })
    renderApp('/maps')
    await screen.findByText('5 dispensaries on the map.')
    await user.click(screen.getByRole('button', { name: 'Near me' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Location is blocked for this site')
  })
})
