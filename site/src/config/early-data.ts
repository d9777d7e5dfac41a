import { pathsOf, type RouteDef } from './routes'

// The snapshots a page needs, asked for while the page is still being parsed: a small inline
// script at the end of every page adds a <link rel="preload" as="fetch"> for each, so their
// downloads start beside the app's code rather than once it has loaded and run (the entry's
// preloadScreen asks for the same ones, and the browser hands it these downloads). It derives
// them from the URL as the app does: a screen's data, a page's own snapshot (a store's menu for
// /dispensary-menus/<slug>), and for Menus the search file its query names
// (features/menus/api/search-files.ts, which this config layer may not import: the same rule,
// written again in the script, which a test compares with it). A snapshot the page carries
// (rendered after a publish, src/api/page-data.ts) is not asked for.
//
// It also asks for the screen's code: a <link rel="modulepreload"> for the route's chunk and
// each chunk it imports that the entry does not (and a stylesheet preload for their CSS), as
// the build's bundle names them (routeCode in vite.config.ts). Without them the screen's code is
// requested only once the entry's whole module graph has run and React has reached the route's
// lazy component, then its imports one round trip later: about a second after the page was
// parsed at 4x CPU slowdown (bench:menus's store page). The browser downloads and compiles
// them meanwhile; they run when the app imports them. Each is asked for in CORS mode
// (crossorigin), as Vite's own preloads and stylesheets of a lazy chunk are: a request in
// another mode would not be the one the app's import reuses, and would download twice.

/** PAGE_DATA_ID is the id of the <script> holding the snapshots a page carries (src/api/page-data.ts). */
const PAGE_DATA_ID = 'omc-page-data'

/**
 * EarlyRoute is a route as the script matches it: its paths as patterns, the snapshots they
 * need, and its code (indexes into the script's list of files).
 */
type EarlyRoute = { patterns: string[]; data: readonly string[]; snapshot?: string; search?: boolean; code?: number[] }

/** RouteCode is, for a route module (src/routes/<module>.tsx), the files its screen needs beyond the entry's, from base. */
export type RouteCode = Record<string, { scripts: readonly string[]; styles: readonly string[] }>

const patternOf = (path: string) => `^${path.replace(/:[A-Za-z]+/g, '([A-Za-z0-9._-]+)')}/?$`

/**
 * earlyDataScript is the inline script's text for routes, snapshots at dataUrl (env.dataUrl: ''
 * for the site's own /api, a CDN's address, or the base path) and the site served under base
 * ("/", "/omc/"); searchRoute is the id of the route whose query names search files (Menus);
 * code, each route module's files (none: the script asks for data only, as in development).
 */
export function earlyDataScript(
  routes: readonly (RouteDef & { id: string })[],
  dataUrl: string,
  base: string,
  searchRoute: string,
  code: RouteCode = {},
): string {
  // Each file once, routes naming it by index (many screens share the same chunks), and the
  // folder they all share (assets/) written once: every page carries the table.
  const all = Object.values(code).flatMap((c) => [...c.scripts, ...c.styles])
  const dir = all.length > 0 && all.every((f) => f.startsWith('assets/')) ? 'assets/' : ''
  const files: string[] = []
  const fileIndex = (file: string) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1)
  const codeOf = (module: string) => {
    const own = code[module]
    if (!own) return undefined
    return [...own.scripts, ...own.styles].map((f) => fileIndex(f.slice(dir.length)))
  }
  const table: EarlyRoute[] = routes
    // A personal screen's data depend on the visitor: only its code is asked for.
    .map((r) => ({
      patterns: pathsOf(r).map(patternOf),
      data: r.personal ? [] : (r.data ?? []),
      snapshot: r.personal ? undefined : r.snapshot,
      search: r.id === searchRoute || undefined,
      code: codeOf(r.module),
    }))
    .filter((r) => r.data.length > 0 || r.snapshot || r.code)
  // ES5 with no helper: it runs as it is, before any of the app's code.
  return `(function(){try{
var routes=${JSON.stringify(table)},files=${JSON.stringify(files)},dir=${JSON.stringify(dir)},dataUrl=${JSON.stringify(dataUrl)},base=${JSON.stringify(base.replace(/\/$/, ''))};
var path=location.pathname;if(base&&path.indexOf(base)===0)path=path.slice(base.length)||'/';
var carried={},el=document.getElementById(${JSON.stringify(PAGE_DATA_ID)});
if(el){try{carried=JSON.parse(el.textContent||'{}').snapshots||{}}catch(e){}}
var names=[],code=null;
for(var i=0;i<routes.length;i++){var r=routes[i];for(var j=0;j<r.patterns.length;j++){var m=new RegExp(r.patterns[j]).exec(path);if(!m)continue;
names=names.concat(r.data);if(r.snapshot)names.push(r.snapshot.replace(/:[A-Za-z]+/,m[1]));
if(r.search)names=names.concat(searchFiles(new URLSearchParams(location.search)));code=r.code;i=routes.length;break}}
for(var k=0;k<names.length;k++){if(carried[names[k]]!==undefined)continue;var l=document.createElement('link');l.rel='preload';l.as='fetch';l.crossOrigin='anonymous';l.href=dataUrl+'/api/'+names[k];document.head.appendChild(l)}
if(code)preloadCode(code);
function preloadCode(code){for(var c=0;c<code.length;c++){var href=base+'/'+dir+files[code[c]];
if(document.querySelector('link[href="'+href+'"]'))continue;var s=document.createElement('link');
if(/\\.css$/.test(href)){s.rel='preload';s.as='style'}else s.rel='modulepreload';s.crossOrigin='';s.href=href;document.head.appendChild(s)}}
function searchFiles(q){var keys=0;q.forEach(function(){keys++});if(keys===0)return['search/flower/first'];
var region=q.get('region')||'',type=q.get('type')||'Flower';if(q.get('by')==='distance'||!/^[A-Za-z]+$/.test(region)||!/^[A-Za-z]+$/.test(type))return[];
return['search/'+type.toLowerCase()+'/'+region.toLowerCase()]}
}catch(e){}})()`
}
