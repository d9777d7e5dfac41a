import { pathsOf, type RouteDef } from './routes'
import { TRACKING_PARAM } from './tracking-params'

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
// On the site's 404.html, which a static host sends for every path it has no file for, the
// same script tells a screen of the app (a store whose page was not rendered yet, sign-in, a
// personal page) from a path the app does not know: for a screen, the page says it is loading
// rather than "not found" until the app has rendered it (app/main.tsx leaves the page as it is
// until React's first commit replaces it). 404.html keeps its "not found" hidden until this
// script has run (the theme script in index.html marks the page data-early="pending",
// global.css hides it, this script removes the mark): it waits for the stylesheets, and the
// page could be painted before it ran.
//
// A page rendered for another path or query says it is loading too, as app/main.tsx does
// (which renders such a page afresh rather than hydrate it): the Menus page rendered after a
// publish for its default search, opened with a region, a filter or a ZIP in its query,
// showed the whole state's results for a second or more at 4x CPU slowdown, the wrong
// heading, rows and prices for what the link asked. Its results stay hidden until then as
// 404.html's "not found" does (the theme script marks a URL with a query data-url-query).
// Tracking parameters (utm_source, fbclid: tracking-params.ts) are no query here either.
//
// But a store's page rendered for its default view lists its offers in a section per product
// type (data-type-views, scripts/prerender-pages.mjs): opened with one type only (?type=Flower,
// the link its form makes), it has that view's rows in its HTML. global.css shows that type's
// section alone while the page is read (index.html marks the URL's type data-url-type), and this
// script leaves it, marking the root data-type-shown and choosing the type in the form's list,
// when the page has a section of that type (else the page says it is loading). The app renders
// the view afresh over it (app/main.tsx).
//
// That Menus page, opened with a query naming one region's search of one product type (a link
// from before the region views had paths of their own: ?by=region&region=Central&type=Flower),
// goes at once to that view's page (/dispensary-menus/central/flower, the rest of the query
// kept), which the same publish rendered with that region's offers: the app would otherwise
// load, render and then move there itself (routes/menus.tsx), its rows some 1.3 s later at 4x
// CPU slowdown (bench:menus). Nothing is asked for before it goes.
//
// A page rendered with its content (scripts/prerender-html.mjs pageHtml) holds the app's code in
// a <template id="omc-app"> in its head instead of loading it there: the same script starts it
// once the page has been painted (the next task after a frame), or at once when the app must
// render the page afresh (it says it is loading) or nobody sees the page (a tab opened in the
// background, where frames wait), and half a second after the script at the latest (a page
// hidden just after it, whose frames wait until it is shown). Loaded from the head, the app's
// code arrived, on a fast connection, before the page's stylesheets and was compiled before
// its first paint: a region page's rows then came 60 to 140 ms later at 4x CPU slowdown
// (docs/benchmarks.md). The page shows everything the app will hydrate; what waits is only
// its interactivity. The build's own pages (404.html among them) load it from their head.

/** PAGE_DATA_ID is the id of the <script> holding the snapshots a page carries (src/api/page-data.ts). */
const PAGE_DATA_ID = 'omc-page-data'

/** APP_TEMPLATE_ID is the id of the <template> holding the app's entry script and module preloads on a page rendered with its content (scripts/prerender-html.mjs). */
export const APP_TEMPLATE_ID = 'omc-app'

/**
 * APP_START_LATEST_MS is how long after the early script a held app starts even when no frame
 * has come (a page hidden between the script and its first frame, where frames wait until it
 * is shown again): its interactivity never waits on a frame for longer.
 */
export const APP_START_LATEST_MS = 500

/** NOT_FOUND_PAGE is the data-prerendered of 404.html's root (scripts/prerender.mjs). */
export const NOT_FOUND_PAGE = '404'

/** LOADING_TEXT is what 404.html says while the app renders a screen it was sent for. */
export const LOADING_TEXT = 'Loading this page…'

/**
 * RegionViews are Menus' region views (config/routes.ts menusRegion): at from (Menus' path), a
 * query naming one region's search of one type (?by=region&region=Central&type=Flower, as
 * links did before the views had paths: features/offers/lib/menus-location.ts queryRegionView)
 * leads to path with its segments filled in lower case, the rest of the query kept.
 */
export type RegionViews = { from: string; path: string; regions: readonly string[]; types: readonly string[] }

/** EarlyRoute is a route as the script matches it: its paths as patterns, the snapshots they need (none for a personal screen). */
type EarlyRoute = { patterns: string[]; params: string[][]; data: readonly string[]; snapshot?: string; search?: boolean }

const patternOf = (path: string) => `^${path.replace(/:[A-Za-z]+/g, '([A-Za-z0-9._-]+)')}/?$`
// The names of a path's ":name" segments, in order: pattern's groups (a snapshot may name them in another order, search/:type/:region).
const paramsOf = (path: string) => (path.match(/:[A-Za-z]+/g) ?? []).map((p) => p.slice(1))

/**
 * earlyDataScript is the inline script's text for routes, snapshots at dataUrl (env.dataUrl: ''
 * for the site's own /api, a CDN's address, or the base path) and the site served under base
 * ("/", "/omc/"); searchRoute is the id of the route whose query names search files (Menus);
 * siteName is the title 404.html takes while it shows a screen's loading (env.siteName);
 * views, the region views of Menus that older links name in their query.
 */
export function earlyDataScript(
  routes: readonly (RouteDef & { id: string })[],
  dataUrl: string,
  base: string,
  searchRoute: string,
  siteName: string,
  views?: RegionViews,
): string {
  const table: EarlyRoute[] = routes.map((r) =>
    r.personal
      ? { patterns: pathsOf(r).map(patternOf), params: pathsOf(r).map(paramsOf), data: [] }
      : {
          patterns: pathsOf(r).map(patternOf),
          params: pathsOf(r).map(paramsOf),
          data: r.data ?? [],
          snapshot: r.snapshot,
          search: r.id === searchRoute || undefined,
        },
  )
  // ES5 with no helper: it runs as it is, before any of the app's code.
  return `(function(){try{
var routes=${JSON.stringify(table)},dataUrl=${JSON.stringify(dataUrl)},base=${JSON.stringify(base.replace(/\/$/, ''))},tracking=new RegExp(${JSON.stringify(TRACKING_PARAM.source)});
var afresh=false,path=location.pathname;if(base&&path.indexOf(base)===0)path=path.slice(base.length)||'/';
var views=${JSON.stringify(views ?? null)};
var root=document.getElementById('root'),main=root&&root.querySelector('main'),at=root&&root.getAttribute('data-prerendered');
if(views&&main&&at===views.from&&root.getAttribute('data-query')===''&&norm(path)===views.from){var view=regionView(new URLSearchParams(location.search));if(view){location.replace(base+view+location.hash);return}}
var carried={},el=document.getElementById(${JSON.stringify(PAGE_DATA_ID)});
if(el){try{carried=JSON.parse(el.textContent||'{}').snapshots||{}}catch(e){}}
var names=[],known=false;
for(var i=0;i<routes.length;i++){var r=routes[i];for(var j=0;j<r.patterns.length;j++){var m=new RegExp(r.patterns[j]).exec(path);if(!m)continue;
known=true;names=names.concat(r.data);if(r.snapshot)names.push(snapshotAt(r.snapshot,r.params[j],m));
if(r.search)names=names.concat(searchFiles(new URLSearchParams(location.search)));i=routes.length;break}}
for(var k=0;k<names.length;k++){if(carried[names[k]]!==undefined)continue;var l=document.createElement('link');l.rel='preload';l.as='fetch';l.crossOrigin='anonymous';l.href=dataUrl+'/api/'+names[k];document.head.appendChild(l)}
if(known&&main&&at===${JSON.stringify(NOT_FOUND_PAGE)}){loading();document.title=${JSON.stringify(siteName)}}
else if(known&&main&&at!==null&&(norm(at)!==norm(path)||(root.hasAttribute('data-query')&&root.getAttribute('data-query')!==withoutTracking(location.search)))){if(!typeShown())loading()}
function typeShown(){var t=document.documentElement.getAttribute('data-url-type'),s=root.querySelectorAll('section[aria-labelledby^="category-"]');
if(t===null||!root.hasAttribute('data-type-views')||root.getAttribute('data-query')!==''||norm(at)!==norm(path))return false;
for(var i=0;i<s.length;i++)if(s[i].getAttribute('aria-labelledby')==='category-'+t){root.setAttribute('data-type-shown',t);choose(t);return true}return false}
function choose(t){var f=main.querySelectorAll('select');for(var i=0;i<f.length;i++)for(var j=0;j<f[i].options.length;j++)if(f[i].options[j].value===t){f[i].value=t;return}}
function loading(){afresh=true;var p=document.createElement('p');p.setAttribute('role','status');p.textContent=${JSON.stringify(LOADING_TEXT)};main.innerHTML='';main.appendChild(p)}
function regionView(q){var by=q.get('by'),region=q.get('region'),type=q.get('type')||'Flower';if(by!==null&&by!=='region'||views.regions.indexOf(region)<0||views.types.indexOf(type)<0)return null;
var rest=new URLSearchParams();q.forEach(function(v,k){if(k!=='by'&&k!=='region'&&k!=='type')rest.append(k,v)});var r=rest.toString();
return views.path.replace(':region',region.toLowerCase()).replace(':type',type.toLowerCase())+(r?'?'+r:'')}
function snapshotAt(s,params,m){return s.replace(/:([A-Za-z]+)/g,function(_,n){return m[1+params.indexOf(n)]})}
function norm(p){return p.replace(/\\/+$/,'')||'/'}
function withoutTracking(s){var q=new URLSearchParams(s),out=new URLSearchParams(),t=false;q.forEach(function(v,k){if(tracking.test(k))t=true;else out.append(k,v)});if(!t)return s;var r=out.toString();return r?'?'+r:''}
function searchFiles(q){var keys=0;q.forEach(function(v,k){if(!tracking.test(k))keys++});if(keys===0)return['search/flower/first'];
var region=q.get('region')||'',type=q.get('type')||'Flower';if(q.get('by')==='distance'||!/^[A-Za-z]+$/.test(region)||!/^[A-Za-z]+$/.test(type))return[];
return['search/'+type.toLowerCase()+'/'+region.toLowerCase()]}
}catch(e){}document.documentElement.removeAttribute('data-early');
var app=document.getElementById(${JSON.stringify(APP_TEMPLATE_ID)});
if(app){if(afresh||document.visibilityState==='hidden')start();else{requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,${APP_START_LATEST_MS})}}
function start(){if(!app.parentNode)return;document.head.appendChild(document.importNode(app.content,true));app.parentNode.removeChild(app)}
})()`
}
