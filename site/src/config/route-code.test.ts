import { describe, expect, it } from 'vitest'
import { routeCode, type BundleChunk, type BundleFile } from './route-code'

// A bundle shaped as Rollup writes it (the fields routeCode reads): the entry with its static
// imports, two route chunks sharing one, an asset.
const chunk = (fileName: string, imports: string[], extra: Partial<BundleChunk> = {}): BundleChunk => ({
  type: 'chunk',
  fileName,
  imports,
  facadeModuleId: null,
  isDynamicEntry: false,
  ...extra,
})
const route = (name: string, imports: string[], css: string[] = []) =>
  chunk(`assets/${name}-x.js`, imports, {
    facadeModuleId: `/site/src/routes/${name}.tsx`,
    isDynamicEntry: true,
    viteMetadata: { importedCss: new Set(css) },
  })
const entry = chunk('assets/index-e.js', ['assets/vendor-v.js'], { viteMetadata: { importedCss: new Set(['assets/index-e.css']) } })
const bundle: Record<string, BundleFile> = Object.fromEntries(
  [
    entry,
    chunk('assets/vendor-v.js', []),
    chunk('assets/offers-o.js', ['assets/index-e.js', 'assets/table-t.js'], { viteMetadata: { importedCss: new Set(['assets/offers-o.css']) } }),
    chunk('assets/table-t.js', ['assets/vendor-v.js']),
    route('store', ['assets/index-e.js', 'assets/offers-o.js'], ['assets/store-x.css', 'assets/index-e.css']),
    route('menus', ['assets/offers-o.js', 'assets/vendor-v.js']),
    route('limits', ['assets/index-e.js']),
    { type: 'asset', fileName: 'assets/index-e.css' },
  ].map((f): [string, BundleFile] => [f.fileName, f as BundleFile]),
)

describe('routeCode', () => {
  it('lists a route’s chunk, then what it imports beyond the entry’s files, and their stylesheets', () => {
    expect(routeCode(bundle, entry, ['store', 'menus', 'limits'], '/site/src/routes')).toEqual({
      store: { scripts: ['assets/store-x.js', 'assets/offers-o.js', 'assets/table-t.js'], styles: ['assets/store-x.css', 'assets/offers-o.css'] },
      menus: { scripts: ['assets/menus-x.js', 'assets/offers-o.js', 'assets/table-t.js'], styles: ['assets/offers-o.css'] },
      limits: { scripts: ['assets/limits-x.js'], styles: [] },
    })
  })

  it('finds route modules under a Windows path too', () => {
    expect(routeCode(bundle, entry, ['limits'], '\\site\\src\\routes\\')).toEqual({ limits: { scripts: ['assets/limits-x.js'], styles: [] } })
  })

  it('refuses a route module the bundle has no chunk for, naming it', () => {
    expect(() => routeCode(bundle, entry, ['store', 'trends'], '/site/src/routes')).toThrow(/src\/routes\/trends\.tsx/)
  })
})
