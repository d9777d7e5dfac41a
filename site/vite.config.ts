import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { loadEnv, type Plugin } from 'vite'
import { defineConfig } from 'vitest/config'
import { basePathFor } from './src/config/base-path'
import { cspSources } from './src/config/csp-sources'
import { parseEnv } from './src/config/env-schema'
import { ROUTES, ROUTES_FILE, routes, siteRoutesJson } from './src/config/routes'
import { earlyDataScript } from './src/config/early-data'
import { CATEGORIES } from './src/api/common-schemas'
import { REGIONS } from './src/api/regions'

// Writes csp.json beside index.html: the origins this build reaches (its VITE_*
// settings), which omc turns into the Content-Security-Policy (publish/headers.go).
function cspSourcesFile(): Plugin {
  let raw: Record<string, string> = {}
  return {
    name: 'omc-csp-sources',
    apply: 'build',
    configResolved(config) {
      raw = loadEnv(config.mode, config.envDir || process.cwd(), 'VITE_')
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'csp.json', source: `${JSON.stringify(cspSources(raw))}\n` })
    },
  }
}

// Menus' region views, which the early script sends older region links to.
const REGION_VIEWS = { from: routes.menus.path, path: routes.menusRegion.path, regions: REGIONS, types: CATEGORIES }

// Ends every page with the inline script that asks for the page's snapshots while it is
// parsed (src/config/early-data.ts); its hash joins the Content-Security-Policy as the theme
// script's does (publish/headers.go reads the built pages' inline scripts).
function earlyData(): Plugin {
  let script = ''
  return {
    name: 'omc-early-data',
    apply: 'build',
    configResolved(config) {
      const env = parseEnv(loadEnv(config.mode, config.envDir || process.cwd(), 'VITE_'), config.base)
      script = earlyDataScript(ROUTES, env.dataUrl, config.base, 'menus', env.siteName, REGION_VIEWS)
    },
    transformIndexHtml: () => [{ tag: 'script', children: script, injectTo: 'body' }],
  }
}

// Writes routes.json beside index.html: every path the app has a screen for, from
// the route list (src/config/routes.ts), so omc serve answers those with the app and
// any other page path with a 404 (cmd/omc/routes.go).
function siteRoutesFile(): Plugin {
  return {
    name: 'omc-site-routes',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: ROUTES_FILE, source: siteRoutesJson() })
    },
  }
}

// Leaflet's ES module build carries no pure annotations, so the bundler keeps every class it
// defines, even those the map never reaches (the image, video and SVG overlays). A class there
// is `var Name = Base.extend({...})`, and extend only builds the new class's objects: marked
// pure, a class nothing uses is left out (about 0.8 kB gzip off the map's own JavaScript).
function pureLeafletClasses(): Plugin {
  return {
    name: 'omc-pure-leaflet-classes',
    apply: 'build',
    transform(code, id) {
      if (!id.endsWith('leaflet-src.esm.js')) return null
      return { code: code.replace(/^(var [\w$]+ = )([\w$.]+\.extend\()/gm, '$1/*#__PURE__*/ $2'), map: null }
    },
  }
}

// site/, where the .env files are, wherever the build is started from.
const siteDir = fileURLToPath(new URL('.', import.meta.url))

// `npm run dev` can borrow snapshots from a running `omc serve`/`omc demo`:
// OMC_DEV_PROXY=http://127.0.0.1:8080 npm run dev (same-origin, so no CORS needed).
const devProxy = process.env.OMC_DEV_PROXY

// dist/ unless OMC_SITE_OUT names another directory in site/ (the demo's build
// goes to dist-demo/; scripts/out-dir.mjs checks the name for the later steps).
const outDir = process.env.OMC_SITE_OUT?.trim() || 'dist'

// The path the site is served under: "/" (the root of its host), or a sub-path such as
// /omc/ for a GitHub Pages project site, from OMC_BASE_PATH or the path of VITE_SITE_URL
// (src/config/base-path.ts). Vite prefixes every asset with it and gives it to the code
// as import.meta.env.BASE_URL (src/config/site-base.ts).
const basePath = (mode: string) => basePathFor(process.env.OMC_BASE_PATH, loadEnv(mode, siteDir, 'VITE_').VITE_SITE_URL)

// React Router's package.json names only its development build, whose warnings stay in: a
// build takes the production build shipped beside it, the same code with them off (the
// bundler then leaves them out). Both of its entries the app reaches (react-router-dom
// imports them), or the app would get two routers whose contexts do not meet.
const reactRouterDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'))
const productionRouter = [
  { find: /^react-router$/, replacement: path.join(reactRouterDir, 'dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDir, 'dist/production/dom-export.mjs') },
]

export default defineConfig(({ command, mode }) => ({
  base: basePath(mode),
  // The site's settings (VITE_* variables), checked here (a bad one stops the build,
  // listing every problem) and written into the code as src/config/env.ts's env.
  define: { __OMC_ENV__: JSON.stringify(parseEnv(loadEnv(mode, siteDir, 'VITE_'), basePath(mode))) },
  plugins: [react(), cspSourcesFile(), siteRoutesFile(), earlyData(), pureLeafletClasses()],
  server: devProxy ? { proxy: { '/api': devProxy, '/manifest.json': devProxy } } : {},
  resolve: {
    alias: [
      // `@/…` is src/ (as tsconfig's paths say): what climbs two or more folders, or goes
      // from one feature to another, is named from src/ instead.
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      // Leaflet's package.json names only its UMD build (dist/leaflet-src.js), which
      // bundles whole; its ES module build, shipped beside it, lets the bundler leave
      // out some of the parts the map never uses (about 2 kB gzip off the map's own JavaScript).
      { find: /^leaflet$/, replacement: 'leaflet/dist/leaflet-src.esm.js' },
      // SWR's `use-sync-external-store/shim` (for React 16 and 17) is React's own hook on the
      // React this site runs (src/lib/sync-external-store.ts).
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/sync-external-store.ts', import.meta.url)),
      },
      ...(command === 'build' ? productionRouter : []),
    ],
  },
  build: {
    outDir,
    target: 'es2022',
    // Source maps stay out of the published site: nothing in production reads them.
    sourcemap: false,
    // scripts/bundle-budget.mjs reads the manifest to add up what each route loads.
    manifest: true,
    // No modulepreload polyfill in the entry (about 0.5 kB gzip on the homepage):
    // every browser the es2022 target runs on but Safari < 17 supports
    // <link rel="modulepreload">, and there a screen's chunks simply load when
    // imported, a little later, instead of alongside.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: one vendor chunk stays
        // cached across deploys that only touch our own code. workbox-window is
        // left out: it is imported after start, so it need not weigh on the first load.
        // So is the Firebase SDK (firebase, @firebase/*, and idb, which only it uses):
        // its own chunk, loaded after the page has rendered and only when sign-in
        // is configured (src/lib/firebase-auth.ts, src/lib/firebase-push.ts).
        codeSplitting: {
          groups: [
            // Messaging (push notifications) apart from the rest: loaded only when
            // a visitor turns notifications on, never with sign-in.
            {
              name: 'firebase-messaging-sdk',
              test: /[\\/]node_modules[\\/](firebase[\\/]messaging|@firebase[\\/](messaging|installations))[\\/]/,
              priority: 3,
            },
            // The map (Leaflet, clustering) and the charts (uPlot):
            // each loaded by its one screen only, never with the homepage. Their
            // dependencies (React) stay where they are: pulled in here, React
            // would make the homepage load the map's chunk.
            {
              name: 'map-vendor',
              test: /[\\/]node_modules[\\/](leaflet|supercluster|kdbush)[\\/]/,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            { name: 'chart-vendor', test: /[\\/]node_modules[\\/]uplot[\\/]/, priority: 2, includeDependenciesRecursively: false },
            // The state's roster on a store (schema, open now, the lines a card and a
            // popup show): one chunk for the four screens that show it, not four.
            {
              name: 'store-listing',
              test: /[\\/]src[\\/](api[\\/]store-listing|lib[\\/]opening-hours|components[\\/]store-listing-lines)\./,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            // The small modules every screen's first load shares (formats, the clock, the
            // hydration flag, the settings, the route list, the snapshot fetcher): one chunk
            // instead of eight, each with its own imports, exports and gzip dictionary
            // (about 0.8 kB gzip less on the homepage, the first page most visitors load).
            {
              name: 'app-common',
              test: /[\\/]src[\\/](lib[\\/](format|use-hydrated|use-now|unit-price)|config[\\/](env|routes)|components[\\/]local-time|api[\\/](fetcher|errors))\./,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            { name: 'firebase-sdk', test: /[\\/]node_modules[\\/](firebase|@firebase|idb)[\\/]/, priority: 2 },
            // The wishlist's alerts keep their state in IndexedDB (idb-keyval): with their own
            // code, loaded by the Wishlist's alerts panel and when a product is saved, never
            // with the homepage.
            {
              name: 'alert-store',
              test: /[\\/](node_modules[\\/]idb-keyval[\\/]|src[\\/]features[\\/]offers[\\/]lib[\\/]alert-store\.)/,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            { name: 'vendor', test: /[\\/]node_modules[\\/](?!workbox-)/, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Screens load lazily and the test machine may be busy: waits are ceilings, not timings.
    testTimeout: 30_000,
  },
}))
