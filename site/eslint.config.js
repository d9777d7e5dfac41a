// ESLint for the site (flat config): typescript-eslint, the rules of hooks, and
// eslint-plugin-import for the one-way imports between the folders of src/
// (import/no-restricted-paths and import/no-cycle; site/README.md, "Folders").
// Formatting is Prettier's (.prettierrc.json); eslint-config-prettier turns off the
// rules that would disagree with it.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import importPlugin from 'eslint-plugin-import'
import reactHooks from 'eslint-plugin-react-hooks'
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The folders of src/ from the bottom up: each may import from the ones before
// it, never from the ones after it.
//   config      build-time settings and the route list: imports nothing of ours
//   api         the fetcher and what several features' snapshots share
//   lib         pure logic and small stores several features use
//   components  shared, presentational (layout, offer table, SnapshotView…)
//   features    one folder per feature: its own api, lib and components
//   routes      one module per screen, composing features
//   app         main, router, providers, pre-rendering
const LAYERS = ['config', 'api', 'lib', 'components', 'features', 'routes', 'app']
const layerZones = LAYERS.slice(0, -1).map((layer, i) => ({
  target: `./src/${layer}`,
  from: LAYERS.slice(i + 1).map((above) => `./src/${above}`),
  message: `src/${layer} is below ${LAYERS.slice(i + 1).join(', ')}: imports point one way (site/README.md, "Folders").`,
}))
// A feature uses its own folder and the shared layers, never another feature's
// insides: what two features share moves down to the shared layers, and a screen
// showing two features composes them in its route module. One feature is shared by the
// shop's screens (menus, store, product, deals, wishlist, limits): features/offers, their
// offer rows, filters, place, search state, snapshots and saved products; it imports none of them.
const SHARED_FEATURE = 'offers'
const FEATURES = fs.readdirSync(new URL('./src/features', import.meta.url)).filter((name) => !name.includes('.'))
const featureZones = FEATURES.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: feature === SHARED_FEATURE ? [`./${feature}`] : [`./${feature}`, `./${SHARED_FEATURE}`],
  message: `src/features/${feature} may not import another feature${feature === SHARED_FEATURE ? '' : ` but ${SHARED_FEATURE}`}: share through src/api, lib or components, or compose in src/routes.`,
}))
// The service worker runs apart from the page: none of the app's screens or state. One
// exception: the wishlist's alerts (features/wishlist/lib/alert-check.ts, and the rules and
// IndexedDB state in features/offers/lib/alert-rules.ts and alert-store.ts), which the
// worker's checks and the pages share.
const swZone = {
  target: './src/sw',
  from: ['./src/app', './src/routes', './src/components', './src/lib'],
  message: 'The service worker shares no code with the pages.',
}
const swFeatureZone = {
  target: './src/sw',
  from: './src/features',
  except: ['./wishlist/lib/alert-check.ts', './offers/lib/alert-rules.ts', './offers/lib/alert-store.ts'],
  message:
    'The service worker shares no code with the pages but the wishlist alerts (features/wishlist/lib/alert-check.ts, features/offers/lib/alert-rules.ts, alert-store.ts).',
}
const zones = [...layerZones, ...featureZones, swZone, swFeatureZone]
// Tests of shared code may borrow a feature's real shapes and fixtures; the rest holds for them too.
const testZones = [
  ...layerZones.map((zone) => ({ ...zone, from: zone.from.filter((from) => from !== './src/features') })),
  ...featureZones,
  swZone,
  swFeatureZone,
]
// Test helpers are for tests only.
const testingZone = {
  target: './src',
  from: './src/testing',
  message: 'src/testing is for tests (*.test.ts[x]) only.',
}
const TESTS = ['src/**/*.test.{ts,tsx}', 'src/testing/**']
// The resolver of the `@/` alias (eslint-import-alias.cjs), named by its path.
const ALIAS_RESOLVER = fileURLToPath(new URL('./eslint-import-alias.cjs', import.meta.url))

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'emulator/**', 'test-results/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // `@/…` is src/ (tsconfig paths, vite.config.ts): resolved here too, so that the zones
      // above see those imports (an import no resolver finds is not checked).
      'import/resolver': { [ALIAS_RESOLVER]: { alias: { '@/': 'src/' } }, node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      'import/no-restricted-paths': ['error', { zones: [...zones, testingZone] }],
      'import/no-cycle': 'error',
      // Unused names are errors, but _ marks one left out on purpose (const { a: _, ...rest }).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: TESTS,
    rules: { 'import/no-restricted-paths': ['error', { zones: testZones }] },
  },
  // Node scripts; the browser tests and benchmarks also hand functions to the page
  // (page.evaluate), which run with the browser's globals.
  { files: ['*.config.{js,ts}'], languageOptions: { globals: globals.node } },
  {
    files: ['*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['scripts/**/*.mjs', 'e2e/**/*.mjs'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  prettier,
)
