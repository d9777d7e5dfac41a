import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { searchKeys, TRACKING_PARAM, withoutTracking } from './tracking-params'

describe('tracking parameters', () => {
  it('are left out of a query, the rest kept as it was written', () => {
    expect(withoutTracking('?fbclid=IwAR0abc')).toBe('')
    expect(withoutTracking('?utm_source=facebook&utm_medium=social&region=Central&type=Flower')).toBe('?region=Central&type=Flower')
    expect(withoutTracking('?region=Central&gclid=x&sale=1')).toBe('?region=Central&sale=1')
    // A query without any stays byte for byte what it was (a page's data-query is compared with it).
    expect(withoutTracking('?q=wedding%20cake&region=Central')).toBe('?q=wedding%20cake&region=Central')
    expect(withoutTracking('')).toBe('')
  })

  it('are only the names that count visits', () => {
    expect(searchKeys(new URLSearchParams('utm_campaign=x&msclkid=y&igshid=z'))).toEqual([])
    expect(searchKeys(new URLSearchParams('ref=x&utm=y&region=Central&type=Vape'))).toEqual(['ref', 'utm', 'region', 'type'])
  })

  it('are told apart by the theme script of every page with the same pattern', () => {
    const indexHtml = fs.readFileSync(path.resolve(__dirname, '../../index.html'), 'utf8')
    expect(indexHtml).toContain(`/${TRACKING_PARAM.source}/.test(name)`)
  })
})
