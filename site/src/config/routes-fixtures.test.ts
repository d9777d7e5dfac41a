import { describe, expect, it } from 'vitest'
import { ROUTES } from './routes'

// The unit tests serve the snapshots from testing/fixtures (copies of what publish
// writes, testing/handlers.ts). Every snapshot a screen names in the route list is
// answered there, so a screen added with a new snapshot fails here until its fixture
// (a copy of publish's golden file) is added, rather than in a screen's test far away.
const names = [...new Set(ROUTES.flatMap((r) => r.data ?? []))]

describe('the test handlers', () => {
  it('know the route list’s snapshots', () => {
    expect(names.length).toBeGreaterThan(10)
  })

  it.each(names)('answer api/%s', async (name) => {
    const response = await fetch(`http://127.0.0.1/api/${name}`)
    expect(response.status).toBe(200)
    expect(await response.json()).toBeTruthy()
  })
})
