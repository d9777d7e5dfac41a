import { pathsOf, type RouteDef } from './routes'

// The screen's code, asked for while the page's head is parsed: a small inline script, placed
// before the stylesheets (a script after one waits for it to load), adds a
// <link rel="modulepreload"> for the route's chunk and each chunk it imports that the entry
// does not, and a stylesheet preload for their CSS, as the build's bundle names them
// (routeCode in route-code.ts, vite.config.ts). Without them the screen's code is requested
// only once the entry's whole module graph has run and React has reached the route's lazy
// component, its imports one round trip after that: about a second after the page was parsed
// at 4x CPU slowdown (bench:menus's store page). The browser downloads and compiles them
// meanwhile; they run when the app imports them. Each is asked for in CORS mode
// (crossorigin), as Vite's own preloads and a lazy chunk's stylesheets are: a request in
// another mode would not be the one the app's import reuses, and would download twice. The
// page's snapshots are asked for by the script at the end of the page (early-data.ts), which
// needs to know which ones the page carries.

/** RouteCode is, for a route module (src/routes/<module>.tsx), the files its screen needs beyond the entry's, from base. */
export type RouteCode = Record<string, { scripts: readonly string[]; styles: readonly string[] }>

const patternOf = (path: string) => `^${path.replace(/:[A-Za-z]+/g, '[A-Za-z0-9._-]+')}/?$`

/**
 * earlyCodeScript is the inline script's text for routes and their modules' code, the site
 * served under base ("/", "/omc/"); "" when there is no code to ask for.
 */
export function earlyCodeScript(routes: readonly RouteDef[], base: string, code: RouteCode): string {
  // Each file once, routes naming it by index (many screens share the same chunks), and the
  // folder they all share (assets/) written once: every page carries the table.
  const all = Object.values(code).flatMap((c) => [...c.scripts, ...c.styles])
  if (all.length === 0) return ''
  const dir = all.every((f) => f.startsWith('assets/')) ? 'assets/' : ''
  const files: string[] = []
  const fileIndex = (file: string) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1)
  const table = routes.flatMap((r) => {
    const own = code[r.module]
    if (!own) return []
    return [{ patterns: pathsOf(r).map(patternOf), code: [...own.scripts, ...own.styles].map((f) => fileIndex(f.slice(dir.length))) }]
  })
  // ES5 with no helper: it runs as it is, before any of the app's code. The links are added in
  // one insertion (added one by one, 29 links took about 600 ms at 4x CPU slowdown), in a task
  // of their own, once the parser has gone on to the stylesheets and the rest of the page:
  // added at once, they were requested before the page's own stylesheet, which every script
  // after it waits for (bench:menus's Menus region: the snapshots' early requests 1.7 s later).
  return `(function(){try{
var routes=${JSON.stringify(table)},files=${JSON.stringify(files)},at=${JSON.stringify(base.replace(/\/$/, '') + '/' + dir)};
var path=location.pathname,base=${JSON.stringify(base.replace(/\/$/, ''))};if(base&&path.indexOf(base)===0)path=path.slice(base.length)||'/';
for(var i=0;i<routes.length;i++){for(var j=0;j<routes[i].patterns.length;j++){if(!new RegExp(routes[i].patterns[j]).test(path))continue;
var html='',code=routes[i].code;for(var c=0;c<code.length;c++){var f=files[code[c]];
html+=/\\.css$/.test(f)?'<link rel="preload" as="style" crossorigin href="'+at+f+'">':'<link rel="modulepreload" crossorigin href="'+at+f+'">'}
setTimeout(function(){document.head.insertAdjacentHTML('beforeend',html)},0);return}}
}catch(e){}})()`
}
