import type { RouteCode } from './early-code'

// Which files each screen needs beyond the entry's, read from the build's bundle, for the early
// script's modulepreloads (src/config/early-data.ts). Kept free of imports of Vite's types, so
// the config layer stays loadable by vite.config.ts and testable on its own.

/** BundleChunk is what this reads of a chunk of Rollup's output bundle. */
export type BundleChunk = {
  type: 'chunk'
  fileName: string
  imports: readonly string[]
  facadeModuleId: string | null
  isDynamicEntry: boolean
  viteMetadata?: { importedCss: ReadonlySet<string> }
}

/** BundleFile is one file of the output bundle: a chunk, or an asset this does not read. */
export type BundleFile = BundleChunk | { type: 'asset'; fileName: string }

const slashes = (path: string) => path.replace(/\\/g, '/')

/** closure is chunk's file and every file it imports statically, directly or not, in load order (the chunk first). */
function closure(bundle: Readonly<Record<string, BundleFile>>, chunk: BundleChunk): BundleChunk[] {
  const seen = new Set<string>()
  const out: BundleChunk[] = []
  const visit = (c: BundleChunk) => {
    if (seen.has(c.fileName)) return
    seen.add(c.fileName)
    out.push(c)
    for (const name of c.imports) {
      const next = bundle[name]
      if (next?.type === 'chunk') visit(next)
    }
  }
  visit(chunk)
  return out
}

/**
 * routeCode is, for each route module of modules (src/routes/<module>.tsx in routesDir), the
 * scripts and stylesheets its screen loads that the entry (its chunk and static imports) does
 * not: its own chunk first, then its imports. A module the bundle has no chunk for is an error
 * naming it: a route list and a build that disagree would silently lose the preloads.
 */
export function routeCode(
  bundle: Readonly<Record<string, BundleFile>>,
  entry: BundleChunk,
  modules: readonly string[],
  routesDir: string,
): RouteCode {
  const loaded = new Set(closure(bundle, entry).map((c) => c.fileName))
  const loadedCss = new Set(closure(bundle, entry).flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))
  const dir = slashes(routesDir).replace(/\/?$/, '/')
  const chunks = Object.values(bundle).filter((f): f is BundleChunk => f.type === 'chunk' && f.isDynamicEntry && f.facadeModuleId !== null)
  const code: RouteCode = {}
  for (const module of modules) {
    const chunk = chunks.find((c) => slashes(c.facadeModuleId ?? '') === `${dir}${module}.tsx`)
    if (!chunk) throw new Error(`route code: no chunk in the bundle for src/routes/${module}.tsx (config/routes.ts names it)`)
    const files = closure(bundle, chunk).filter((c) => !loaded.has(c.fileName))
    const styles = [...new Set(files.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))].filter((css) => !loadedCss.has(css))
    code[module] = { scripts: files.map((c) => c.fileName), styles }
  }
  return code
}
