import { describe, expect, it } from 'vitest'
import { cspSources, originOf } from './csp-sources'

describe('csp sources', () => {
  it('allows only the map tiles when nothing is configured', () => {
    expect(cspSources({})).toEqual({ connect: [], img: ['https://tile.openstreetmap.org'] })
  })

  it('adds each configured service', () => {
    expect(
      cspSources({
        VITE_DATA_URL: 'https://cdn.example.org/omc',
        VITE_FIREBASE_API_KEY: 'key',
        VITE_FIREBASE_MESSAGING_SENDER_ID: '1',
        VITE_FIREBASE_VAPID_KEY: 'k'.repeat(87),
        VITE_PLAUSIBLE_DOMAIN: 'ohiomc.org',
        VITE_MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
      }),
    ).toEqual({
      connect: [
        'https://cdn.example.org',
        'https://fcmregistrations.googleapis.com',
        'https://firebaseinstallations.googleapis.com',
        'https://identitytoolkit.googleapis.com',
        'https://plausible.io',
        'https://securetoken.googleapis.com',
      ],
      img: ['https://*.tiles.example.com'],
    })
  })

  it('points sign-in at the Auth emulator when one is set', () => {
    expect(cspSources({ VITE_FIREBASE_API_KEY: 'demo', VITE_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).connect).toEqual([
      'http://127.0.0.1:9099',
    ])
  })

  it('leaves out what is not an http(s) origin', () => {
    expect(originOf('/data')).toBeNull()
    expect(originOf('javascript:alert(1)')).toBeNull()
    expect(originOf('https://x.example; script-src *')).toBeNull()
    expect(originOf('HTTPS://Tile.Example:8443/a')).toBe('https://tile.example:8443')
  })
})
