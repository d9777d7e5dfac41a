import { describe, expect, it } from 'vitest'
import { cityIn, findPlace, loadZipTable, zipIn } from './place'

describe('place lookup', async () => {
  // The table that ships (src/assets/geo/ohio-zips.json), loaded as the site loads it.
  const zips = await loadZipTable()

  it('finds a ZIP code at its Census centre', () => {
    const answer = findPlace('43215', zips)
    expect(answer).toEqual({ found: { latitude: 39.9669, longitude: -83.013, place: 'ZIP 43215' } })
  })

  it('finds a city of the list, whatever its case', () => {
    expect(findPlace('columbus', zips)).toEqual({ found: { latitude: 39.9862, longitude: -82.9855, place: 'Columbus' } })
    expect(findPlace('Cleveland Heights', zips)).toMatchObject({ found: { place: 'Cleveland Heights' } })
  })

  it('takes the ZIP code out of an address, even after a 5-digit house number', () => {
    expect(findPlace('10260 N High St, Columbus, OH 43215-1234', zips)).toMatchObject({ found: { place: 'ZIP 43215' } })
    expect(zipIn('12345 Main St, Toledo, OH 43604')).toBe('43604')
  })

  it('finds the city in an address without a ZIP code', () => {
    expect(findPlace('1 Main Street, Akron, Ohio', zips)).toMatchObject({ found: { place: 'Akron' } })
    expect(cityIn('Downtown Cincinnati')?.city).toBe('Cincinnati')
  })

  it('says an Ohio ZIP code with no Census area is not in the list', () => {
    const answer = findPlace('43999', zips)
    expect(answer).toEqual({ problem: expect.stringContaining("ZIP code 43999 is not in the Census Bureau's list of Ohio ZIP areas") })
  })

  it('says a ZIP code outside Ohio is not in Ohio', () => {
    expect(findPlace('10001', zips)).toEqual({ problem: "ZIP code 10001 is not in Ohio: Ohio's ZIP codes run from 43001 to 45999." })
  })

  it('says so when nothing matches, and when nothing is typed', () => {
    expect(findPlace('742 Evergreen Terrace, Gotham', zips)).toMatchObject({ problem: expect.stringContaining('No Ohio ZIP code or city found') })
    expect(findPlace('  ', zips)).toEqual({ problem: 'Type a ZIP code, a city or an address.' })
  })

  it('has every Ohio ZIP area and nothing else', () => {
    const codes = Object.keys(zips)
    expect(codes.length).toBe(1233)
    expect(codes.every((z) => Number(z) >= 43001 && Number(z) <= 45999)).toBe(true)
  })
})
