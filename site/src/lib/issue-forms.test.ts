import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ISSUE_FORMS, newIssueUrl } from './issue-forms'

const formsDir = path.resolve(__dirname, '../../../.github/ISSUE_TEMPLATE')

/** fieldIds are the ids of a form's fields, as GitHub reads them for prefilling (`id:` of each body item). */
const fieldIds = (yaml: string) => [...yaml.matchAll(/^\s+id:\s*([\w-]+)\s*$/gm)].map((m) => m[1])

describe('the issue forms the site opens', () => {
  it.each(Object.entries(ISSUE_FORMS))('%s exists with every field the site fills', (_, form) => {
    const file = path.join(formsDir, form.file)
    expect(fs.existsSync(file), `${form.file} in .github/ISSUE_TEMPLATE`).toBe(true)
    const yaml = fs.readFileSync(file, 'utf8')
    expect(yaml).toMatch(new RegExp(`^name: ${form.label}$`, 'm'))
    const ids = fieldIds(yaml)
    for (const field of form.fields) expect(ids, `${form.file} has a field with id ${field}`).toContain(field)
  })

  it('leaves no form out', () => {
    const files = fs.readdirSync(formsDir).filter((f) => f !== 'config.yml')
    expect(files.sort()).toEqual(
      Object.values(ISSUE_FORMS)
        .map((f) => f.file)
        .sort(),
    )
  })
})

describe('newIssueUrl', () => {
  it('opens the form with its fields filled, empty ones left out', () => {
    const url = new URL(
      newIssueUrl(
        'ohiomc/omc',
        'menu',
        { store: 'Landing Dispensary — Columbus', product: 'Money $$ Kush 3.5g', market: 'Adult use', menu: '', snapshot: '2026-12-06T04:15:00Z' },
        'Menu: Money $$ Kush 3.5g',
      ),
    )
    expect(url.origin + url.pathname).toBe('https://github.com/ohiomc/omc/issues/new')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      template: 'menu.yml',
      title: 'Menu: Money $$ Kush 3.5g',
      store: 'Landing Dispensary — Columbus',
      product: 'Money $$ Kush 3.5g',
      market: 'Adult use',
      snapshot: '2026-12-06T04:15:00Z',
    })
  })

  it('cuts a long value so the address stays within what GitHub takes', () => {
    const long = 'x'.repeat(5000)
    const url = newIssueUrl(
      'ohiomc/omc',
      'menu',
      { store: long, product: long, menu: long, page: long, snapshot: long, details: long, market: long },
      long,
    )
    expect(url.length).toBeLessThan(8000)
    expect(new URL(url).searchParams.get('store')).toHaveLength(600)
  })
})
