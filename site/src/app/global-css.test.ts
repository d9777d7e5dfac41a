import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CATEGORIES } from '../api/common-schemas'
import { FIRST_ROWS } from '../features/offers/lib/use-menu-search'

// A store's page rendered for its default view, opened with one product type only, shows the
// first rows of that type's section of its offers from its HTML (global.css,
// config/early-data.ts): one rule per product type, which a type added to CATEGORIES must get
// too, or its links show no offers until the app has rendered them; as many rows as the app
// paints first, which it renders over them.
describe('global.css', () => {
  const css = fs.readFileSync(path.resolve(__dirname, 'global.css'), 'utf8')

  it('shows each product type’s section of a store’s page opened with that type', () => {
    for (const type of CATEGORIES)
      expect(css).toContain(`html[data-url-type='${type}'] #root[data-type-views][data-query=''] section[aria-labelledby='category-${type}']`)
  })

  it('hides the filters whose counts say the default view’s, named by their form’s label', () => {
    const label = css.match(/main form\[aria-label='([^']+)'\]/)?.[1]
    const facetForm = fs.readFileSync(path.resolve(__dirname, '../features/offers/components/facet-form.tsx'), 'utf8')
    expect(label && facetForm.includes(`aria-label="${label}"`), `FacetForm's form is labelled "${label}"`).toBe(true)
  })

  it('shows that section’s first rows only, as the app paints a view it renders afresh', () => {
    expect(css).toContain(
      `html[data-url-type] #root[data-type-views][data-query=''] section[aria-labelledby^='category-'] tbody > tr:nth-child(n + ${FIRST_ROWS + 1})`,
    )
  })
})
