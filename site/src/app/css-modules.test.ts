import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// A CSS module's class map is typed as any string to a string, so `styles.menuToggle` for a class
// its stylesheet never defined compiles, and the page gets the class "undefined" (the top bar's
// menu button, the journal's entries and the map popup's address all had one). This reads every
// source file the site ships, finds each `name.className` (and `name['class-name']`) on a CSS
// module it imports, and checks the stylesheet defines that class. A class picked at run time
// (`styles[state]`) is not checked here; its component's tests see its markup.
const SRC = path.resolve(__dirname, '..')

/** sourceFiles lists the site's .ts and .tsx files under dir, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : []
  })
}

/** classesOf reads the class names a stylesheet defines (comments left out). */
function classesOf(file: string): Set<string> {
  const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
  return new Set([...css.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((m) => m[1]!))
}

/** moduleClassUses finds, in one source file, each class it names on a CSS module it imports. */
function moduleClassUses(file: string): { stylesheet: string; name: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const imports = new Map<string, string>()
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue
    const from = statement.moduleSpecifier.text
    const local = statement.importClause?.name?.text
    if (!local || !from.endsWith('.module.css')) continue
    imports.set(local, from.startsWith('@/') ? path.join(SRC, from.slice(2)) : path.resolve(path.dirname(file), from))
  }
  const uses: { stylesheet: string; name: string; line: number }[] = []
  const visit = (node: ts.Node) => {
    let target: ts.Expression | undefined
    let name: string | undefined
    if (ts.isPropertyAccessExpression(node)) [target, name] = [node.expression, node.name.text]
    else if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression))
      [target, name] = [node.expression, node.argumentExpression.text]
    if (target && name && ts.isIdentifier(target) && imports.has(target.text)) {
      uses.push({ stylesheet: imports.get(target.text)!, name, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return uses
}

describe('CSS module classes', () => {
  const files = sourceFiles(SRC)
  const uses = files.flatMap((file) => moduleClassUses(file).map((use) => ({ ...use, file })))

  it('reads the components that use CSS modules', () => {
    // The walk found the site's components: a broken import pattern or path would make every check below pass on nothing.
    expect(new Set(uses.map((use) => use.file)).size).toBeGreaterThan(30)
  })

  it('names only classes their stylesheets define', () => {
    const classes = new Map<string, Set<string>>()
    const missing = uses
      .filter((use) => {
        if (!classes.has(use.stylesheet)) classes.set(use.stylesheet, classesOf(use.stylesheet))
        return !classes.get(use.stylesheet)!.has(use.name)
      })
      .map((use) => `${path.relative(SRC, use.file)}:${use.line}: .${use.name} is not in ${path.relative(SRC, use.stylesheet)}`)
    expect(missing).toEqual([])
  })
})
