import { describe, expect, it } from 'vitest'
import { DEFAULT_SITE_NAME, EnvError, parseEnv } from './env'

describe('parseEnv', () => {
  it.each([
    { name: 'defaults when unset', source: {}, want: { dataUrl: '', siteName: DEFAULT_SITE_NAME } },
    { name: 'defaults when blank', source: { VITE_DATA_URL: ' ', VITE_SITE_NAME: '' }, want: { dataUrl: '', siteName: DEFAULT_SITE_NAME } },
    {
      name: 'absolute CDN URL loses its trailing slash',
      source: { VITE_DATA_URL: 'https://cdn.example.org/omc/' },
      want: { dataUrl: 'https://cdn.example.org/omc', siteName: DEFAULT_SITE_NAME },
    },
    { name: 'root-relative path', source: { VITE_DATA_URL: '/data' }, want: { dataUrl: '/data', siteName: DEFAULT_SITE_NAME } },
    { name: 'custom site name', source: { VITE_SITE_NAME: 'Buckeye Buds' }, want: { dataUrl: '', siteName: 'Buckeye Buds' } },
  ])('$name', ({ source, want }) => {
    expect(parseEnv(source)).toEqual(want)
  })

  it('lists every bad variable in one error', () => {
    let caught: unknown
    try {
      parseEnv({ VITE_DATA_URL: 'ftp://cdn.example.org', VITE_SITE_NAME: 'x'.repeat(81) })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(EnvError)
    const problems = (caught as EnvError).problems
    expect(problems).toHaveLength(2)
    expect(problems[0]).toMatch(/^VITE_DATA_URL: must be empty .*got "ftp:\/\/cdn.example.org"/)
    expect(problems[1]).toMatch(/^VITE_SITE_NAME: must be at most 80 characters/)
    expect((caught as EnvError).message).toContain('Invalid site configuration')
  })

  it.each(['//cdn.example.org', 'cdn.example.org', 'https://cdn.example.org/?v=1'])('refuses %s as data URL', (value) => {
    expect(() => parseEnv({ VITE_DATA_URL: value })).toThrow(/VITE_DATA_URL/)
  })
})
