// Where a build goes: dist/ by default, or the directory OMC_SITE_OUT names
// (relative to site/), so one checkout can hold two builds side by side: the
// published site (dist/) and the demo's, pointed at the Auth emulator
// (dist-demo/). vite.config.ts, prerender.mjs and build-sw.mjs all read it.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const name = process.env.OMC_SITE_OUT?.trim() || 'dist'
if (path.isAbsolute(name) || name.split(/[\\/]/).includes('..')) {
  throw new Error(`OMC_SITE_OUT=${name}: must be a directory inside site/, like dist-demo`)
}

/** outName is the build directory's name relative to site/ (dist by default). */
export const outName = name
/** outDir is the build directory's absolute path. */
export const outDir = path.join(siteDir, name)
/** scratchDir is a per-build working directory under node_modules/.tmp, so two builds can run at once. */
export const scratchDir = (what) => path.join(siteDir, 'node_modules', '.tmp', `${what}-${name.replace(/[\\/]/g, '_')}`)
