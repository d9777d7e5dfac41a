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

/** PAGE_DATA_ID is the id of the <script> holding the snapshots a page carries (src/api/page-data.ts). */
const PAGE_DATA_ID = 'omc-page-data'

/** EarlyRoute is a route as the script matches it: its paths as patterns, the snapshots they need. */
type EarlyRoute = { patterns: string[]; data: readonly string[]; snapshot?: string; search?: boolean }

const patternOf = (path: string) => `^${path.replace(/:[A-Za-z]+/g, '([A-Za-z0-9._-]+)')}/?$`

/**
 * earlyDataScript is the inline script's text for routes, snapshots at dataUrl (env.dataUrl: ''
 * for the site's own /api, a CDN's address, or the base path) and the site served under base
 * ("/", "/omc/"); searchRoute is the id of the route whose query names search files (Menus).
 */
export function earlyDataScript(routes: readonly (RouteDef & { id: string })[], dataUrl: string, base: string, searchRoute: string): string {
  const table: EarlyRoute[] = routes
    .filter((r) => !r.personal && ((r.data?.length ?? 0) > 0 || r.snapshot))
    .map((r) => ({ patterns: pathsOf(r).map(patternOf), data: r.data ?? [], snapshot: r.snapshot, search: r.id === searchRoute || undefined }))
  // ES5 with no helper: it runs as it is, before any of the app's code.
  return `(function(){try{
var routes=${JSON.stringify(table)},dataUrl=${JSON.stringify(dataUrl)},base=${JSON.stringify(base.replace(/\/$/, ''))};
var path=location.pathname;if(base&&path.indexOf(base)===0)path=path.slice(base.length)||'/';
var carried={},el=document.getElementById(${JSON.stringify(PAGE_DATA_ID)});
if(el){try{carried=JSON.parse(el.textContent||'{}').snapshots||{}}catch(e){}}
var names=[];
for(var i=0;i<routes.length;i++){var r=routes[i];for(var j=0;j<r.patterns.length;j++){var m=new RegExp(r.patterns[j]).exec(path);if(!m)continue;
names=names.concat(r.data);if(r.snapshot)names.push(r.snapshot.replace(/:[A-Za-z]+/,m[1]));
if(r.search)names=names.concat(searchFiles(new URLSearchParams(location.search)));i=routes.length;break}}
for(var k=0;k<names.length;k++){if(carried[names[k]]!==undefined)continue;var l=document.createElement('link');l.rel='preload';l.as='fetch';l.crossOrigin='anonymous';l.href=dataUrl+'/api/'+names[k];document.head.appendChild(l)}
function searchFiles(q){var keys=0;q.forEach(function(){keys++});if(keys===0)return['search/flower/first'];
var region=q.get('region')||'',type=q.get('type')||'Flower';if(q.get('by')==='distance'||!/^[A-Za-z]+$/.test(region)||!/^[A-Za-z]+$/.test(type))return[];
return['search/'+type.toLowerCase()+'/'+region.toLowerCase()]}
}catch(e){}})()`
}
