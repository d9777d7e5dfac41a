import { describe, expect, it } from 'vitest'
import { DEFAULT_MAP_TILE_ATTRIBUTION, DEFAULT_MAP_TILE_URL, DEFAULT_PLAUSIBLE_HOST, DEFAULT_SITE_NAME, EnvError, pushConfigured } from './env'
import { parseEnv } from './env-schema'

const none = {
  siteUrl: '',
  merchUrl: '',
  feedbackRepository: '',
  plausibleDomain: '',
  plausibleHost: DEFAULT_PLAUSIBLE_HOST,
  firebase: null,
  mapTileUrl: DEFAULT_MAP_TILE_URL,
  mapTileAttribution: DEFAULT_MAP_TILE_ATTRIBUTION,
}

describe('parseEnv', () => {
  it.each([
    { name: 'defaults when unset', source: {}, want: { ...none, dataUrl: '', siteName: DEFAULT_SITE_NAME } },
    { name: 'defaults when blank', source: { VITE_DATA_URL: ' ', VITE_SITE_NAME: '' }, want: { ...none, dataUrl: '', siteName: DEFAULT_SITE_NAME } },
    {
      name: 'absolute CDN URL loses its trailing slash',
      source: { VITE_DATA_URL: 'https://cdn.example.org/omc/' },
      want: { ...none, dataUrl: 'https://cdn.example.org/omc', siteName: DEFAULT_SITE_NAME },
    },
    { name: 'root-relative path', source: { VITE_DATA_URL: '/data' }, want: { ...none, dataUrl: '/data', siteName: DEFAULT_SITE_NAME } },
    { name: 'custom site name', source: { VITE_SITE_NAME: 'Buckeye Buds' }, want: { ...none, dataUrl: '', siteName: 'Buckeye Buds' } },
    {
      name: 'site, shop and analytics',
      source: {
        VITE_SITE_URL: 'https://ohiomc.example/',
        VITE_MERCH_URL: 'https://shop.example/ohio',
        VITE_PLAUSIBLE_DOMAIN: 'ohiomc.example',
        VITE_PLAUSIBLE_HOST: 'https://stats.example/',
      },
      want: {
        dataUrl: '',
        siteName: DEFAULT_SITE_NAME,
        siteUrl: 'https://ohiomc.example',
        merchUrl: 'https://shop.example/ohio',
        feedbackRepository: '',
        plausibleDomain: 'ohiomc.example',
        plausibleHost: 'https://stats.example',
        firebase: null,
        mapTileUrl: DEFAULT_MAP_TILE_URL,
        mapTileAttribution: DEFAULT_MAP_TILE_ATTRIBUTION,
      },
    },
  ])('$name', ({ source, want }) => {
    expect(parseEnv(source)).toEqual(want)
  })

  it.each(['ohiomc/omc', 'a-b/site.v2', 'Owner9/x_y'])('takes VITE_FEEDBACK_REPOSITORY %s', (value) => {
    expect(parseEnv({ VITE_FEEDBACK_REPOSITORY: value }).feedbackRepository).toBe(value)
  })

  it.each(['https://github.com/ohiomc/omc', 'ohiomc', '-owner/omc', 'owner--x/omc', 'ohiomc/omc/issues', 'ohiomc/o m c'])(
    'refuses VITE_FEEDBACK_REPOSITORY %s',
    (value) => {
      expect(() => parseEnv({ VITE_FEEDBACK_REPOSITORY: value })).toThrow(/VITE_FEEDBACK_REPOSITORY: must be a GitHub repository as owner\/name/)
    },
  )

  it.each([
    { value: undefined, want: DEFAULT_MAP_TILE_URL },
    { value: ' ', want: DEFAULT_MAP_TILE_URL },
    { value: 'none', want: '' },
    { value: 'https://tiles.example/{z}/{x}/{y}.png', want: 'https://tiles.example/{z}/{x}/{y}.png' },
  ])('VITE_MAP_TILE_URL $value gives tiles "$want"', ({ value, want }) => {
    expect(parseEnv({ VITE_MAP_TILE_URL: value }).mapTileUrl).toBe(want)
  })

  it.each(['https://tiles.example/tile.png', 'javascript:{z}{x}{y}', 'off'])('refuses VITE_MAP_TILE_URL %s', (value) => {
    expect(() => parseEnv({ VITE_MAP_TILE_URL: value })).toThrow(/VITE_MAP_TILE_URL: must be an http\(s\) tile URL/)
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

  it.each([{ VITE_MERCH_URL: 'shop.example' }, { VITE_SITE_URL: 'javascript:alert(1)' }, { VITE_PLAUSIBLE_DOMAIN: 'https://ohiomc.example' }])(
    'refuses %o',
    (source) => {
      expect(() => parseEnv(source)).toThrow(Object.keys(source)[0])
    },
  )

  it.each(['//cdn.example.org', 'cdn.example.org', 'https://cdn.example.org/?v=1'])('refuses %s as data URL', (value) => {
    expect(() => parseEnv({ VITE_DATA_URL: value })).toThrow(/VITE_DATA_URL/)
  })

  describe('Firebase', () => {
    const project = {
      VITE_FIREBASE_API_KEY: 'AIzaSyExample',
      VITE_FIREBASE_AUTH_DOMAIN: 'omc-example.firebaseapp.com',
      VITE_FIREBASE_PROJECT_ID: 'omc-example',
      VITE_FIREBASE_APP_ID: '1:123:web:abc',
    }

    it('is off when no variable is set', () => {
      expect(parseEnv({}).firebase).toBeNull()
    })

    it('reads a real project', () => {
      const firebase = parseEnv(project).firebase
      expect(firebase).toEqual({
        apiKey: 'AIzaSyExample',
        authDomain: 'omc-example.firebaseapp.com',
        projectId: 'omc-example',
        appId: '1:123:web:abc',
        messagingSenderId: '',
        vapidKey: '',
        authEmulatorHost: '',
      })
      expect(pushConfigured(firebase)).toBe(false)
    })

    // A Web Push certificate's public key as the console shows it (65 bytes, base64url).
    const vapidKey = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U'

    it('reads push notification settings', () => {
      const firebase = parseEnv({ ...project, VITE_FIREBASE_MESSAGING_SENDER_ID: '123', VITE_FIREBASE_VAPID_KEY: `${vapidKey}=` }).firebase
      expect(firebase?.messagingSenderId).toBe('123')
      expect(firebase?.vapidKey).toBe(vapidKey)
      expect(pushConfigured(firebase)).toBe(true)
    })

    it('keeps push off without configuration', () => {
      expect(pushConfigured(parseEnv({}).firebase)).toBe(false)
    })

    it.each([
      [{ VITE_FIREBASE_MESSAGING_SENDER_ID: '123' }, ['VITE_FIREBASE_VAPID_KEY']],
      [{ VITE_FIREBASE_VAPID_KEY: vapidKey }, ['VITE_FIREBASE_MESSAGING_SENDER_ID']],
    ])('names the missing push variable in %o', (push, missing) => {
      let caught: unknown
      try {
        parseEnv({ ...project, ...push })
      } catch (err) {
        caught = err
      }
      expect(caught).toBeInstanceOf(EnvError)
      expect((caught as EnvError).problems.map((p) => p.split(':')[0])).toEqual(missing)
      expect((caught as EnvError).problems[0]).toMatch(/must be set too: push notifications need/)
    })

    it('asks for the sign-in settings when only push is set', () => {
      expect(() => parseEnv({ VITE_FIREBASE_MESSAGING_SENDER_ID: '123', VITE_FIREBASE_VAPID_KEY: vapidKey })).toThrow(
        /VITE_FIREBASE_API_KEY: must be set too: push notifications need/,
      )
    })

    it('refuses a VAPID key that is not a public key', () => {
      expect(() => parseEnv({ ...project, VITE_FIREBASE_MESSAGING_SENDER_ID: '123', VITE_FIREBASE_VAPID_KEY: 'my-private-key' })).toThrow(
        /VITE_FIREBASE_VAPID_KEY: must be the Web Push certificate's public key/,
      )
    })

    it('reads the Auth emulator address', () => {
      expect(parseEnv({ ...project, VITE_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).firebase?.authEmulatorHost).toBe('127.0.0.1:9099')
    })

    it('names each missing variable when only some are set', () => {
      let caught: unknown
      try {
        parseEnv({ VITE_FIREBASE_API_KEY: 'AIzaSyExample', VITE_FIREBASE_PROJECT_ID: 'omc-example' })
      } catch (err) {
        caught = err
      }
      expect(caught).toBeInstanceOf(EnvError)
      const problems = (caught as EnvError).problems
      expect(problems).toHaveLength(2)
      expect(problems[0]).toMatch(/^VITE_FIREBASE_AUTH_DOMAIN: must be set too/)
      expect(problems[1]).toMatch(/^VITE_FIREBASE_APP_ID: must be set too/)
    })

    it('refuses a malformed emulator address', () => {
      expect(() => parseEnv({ ...project, VITE_FIREBASE_AUTH_EMULATOR_HOST: 'http://127.0.0.1:9099' })).toThrow(
        /VITE_FIREBASE_AUTH_EMULATOR_HOST: must be host:port/,
      )
    })
  })
})
