// ESLint for the site (flat config): typescript-eslint, the rules of hooks, and
// eslint-plugin-import for the one-way imports of STYLE.md (React 1: shared code ->
// routes -> app, checked by import/no-restricted-paths and import/no-cycle).
// Formatting is Prettier's (.prettierrc.json); eslint-config-prettier turns off the
// rules that would disagree with it.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import importPlugin from 'eslint-plugin-import'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The folders of src/ from the bottom up (STYLE.md's layout, as the code uses it):
// each may import from the ones before it, never from the ones after it.
//   config      build-time settings (env.ts, paths.ts): imports nothing of ours
//   api         the fetcher, the published shapes, one hook per snapshot
//   lib         pure logic and small stores (may use api's types and config)
//   components  shared, presentational
//   routes      one module per URL
//   app         main, router, providers
const LAYERS = ['config', 'api', 'lib', 'components', 'routes', 'app']
const layerZones = LAYERS.slice(0, -1).map((layer, i) => ({
  target: `./src/${layer}`,
  from: LAYERS.slice(i + 1).map((above) => `./src/${above}`),
  message: `src/${layer} is below ${LAYERS.slice(i + 1).join(', ')} (STYLE.md React 1: imports point one way).`,
}))
const zones = [
  ...layerZones,
  // The service worker runs apart from the page: none of the app's screens or state.
  {
    target: './src/sw',
    from: ['./src/app', './src/routes', './src/components', './src/lib'],
    message: 'The service worker shares no code with the pages.',
  },
]
// Test helpers are for tests only.
const testingZone = {
  target: './src',
  from: './src/testing',
  message: 'src/testing is for tests (*.test.ts[x]) only.',
}
const TESTS = ['src/**/*.test.{ts,tsx}', 'src/testing/**']

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
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
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
    rules: { 'import/no-restricted-paths': ['error', { zones }] },
  },
  // Node scripts; the browser tests and benchmarks also hand functions to the page
  // (page.evaluate), which run with the browser's globals.
  { files: ['*.config.{js,ts}'], languageOptions: { globals: globals.node } },
  { files: ['scripts/**/*.mjs', 'e2e/**/*.mjs'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  prettier,
)
