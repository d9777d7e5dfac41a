import { useMemo, useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import { HttpError } from '../api/errors'
import { STRAIN_TYPES, type StrainType } from '../api/explore-schemas'
import type { Strain, StrainsIndex } from '../api/schemas'
import { useStrain } from '../api/use-strain'
import { useStrains } from '../api/use-strains'
import styles from '../components/explore/explore.module.css'
import { OfferTable } from '../components/explore/offer-table'
import { SampleNotice } from '../components/explore/sample-notice'
import { PageTitle } from '../components/page-title'
import { SnapshotView } from '../components/snapshot-view'
import { paths, strainHref, terpeneHref } from '../config/paths'
import { normalize } from '../lib/status-filter'
import { useNow } from '../lib/use-now'

const PAGE_SIZE = 100
const TYPE_LABEL: Record<StrainType, string> = { indica: 'Indica', sativa: 'Sativa', hybrid: 'Hybrid' }

/** typeLabel names a strain type, or says it is not known. */
export function typeLabel(type: StrainType | null): string {
  return type ? TYPE_LABEL[type] : 'Unknown'
}

/**
 * StrainGeneticsRoute (/strain-genetics, /genetics and their /:genetic pages):
 * the index of strains seen on Ohio menus, or one strain's page.
 */
export function StrainGeneticsRoute() {
  const { genetic } = useParams()
  return genetic ? <StrainPage slug={genetic} key={genetic} /> : <StrainIndex />
}

type TypeFilter = StrainType | 'unknown' | ''

type StrainSummary = StrainsIndex['strains'][number]

/** filterStrains keeps the strains whose name has every word of query, of the type asked, in stock when asked. */
export function filterStrains(
  strains: readonly StrainSummary[],
  { query, type, inStock }: { query: string; type: TypeFilter; inStock: boolean },
): StrainSummary[] {
  const words = normalize(query).split(/\s+/).filter(Boolean)
  return strains.filter((s) => {
    if (type === 'unknown' ? s.type !== null : type && s.type !== type) return false
    if (inStock && s.stores === 0) return false
    const name = normalize(s.name)
    return words.every((w) => name.includes(w))
  })
}

function StrainIndex() {
  const response = useStrains()
  const [query, setQuery] = useState('')
  const [type, setType] = useState<TypeFilter>('')
  const [inStock, setInStock] = useState(false)
  const [shown, setShown] = useState(PAGE_SIZE)
  const strains = response.data?.strains
  const matches = useMemo(() => filterStrains(strains ?? [], { query, type, inStock }), [strains, query, type, inStock])
  const change =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v)
      setShown(PAGE_SIZE)
    }
  return (
    <>
      <PageTitle screen="Strain Genetics" />
      <h1>Strain Genetics</h1>
      <p className={styles.lead}>
        Every strain we have seen on an Ohio menu, with its type, its parents where an openly licensed source gives them, and how many dispensaries
        have it in stock now. Open a strain for its lineage, THC range, terpenes and prices.
      </p>
      <SnapshotView response={response} what="strains">
        {(data) => (
          <>
            <SampleNotice sample={data.sample} />
            {data.strains.length === 0 ? (
              <p className="empty-state">No strain has been seen on a menu yet: they appear after the first menus are read.</p>
            ) : (
              <>
                <form className={`field-stack ${styles.filters}`} role="search" aria-label="Find a strain" onSubmit={(e) => e.preventDefault()}>
                  <label>
                    <span>Strain name</span>
                    <input type="search" value={query} onChange={(e) => change(setQuery)(e.target.value)} />
                  </label>
                  <label>
                    <span>Type</span>
                    <select value={type} onChange={(e) => change(setType)(e.target.value as TypeFilter)}>
                      <option value="">All types</option>
                      {STRAIN_TYPES.map((t) => (
                        <option key={t} value={t}>
                          {TYPE_LABEL[t]}
                        </option>
                      ))}
                      <option value="unknown">Unknown</option>
                    </select>
                  </label>
                  <label className={styles.checkbox}>
                    <span>
                      <input type="checkbox" checked={inStock} onChange={(e) => change(setInStock)(e.target.checked)} /> In stock now
                    </span>
                  </label>
                </form>
                <p role="status">
                  {matches.length === data.strains.length
                    ? `${data.strains.length} strains`
                    : `${matches.length} of ${data.strains.length} strains match`}
                  {matches.length > shown && `, showing the first ${shown}`}
                </p>
                {matches.length > 0 && (
                  <div className={styles.scroll}>
                    <table className={styles.table}>
                      <caption className="visually-hidden">Strains</caption>
                      <thead>
                        <tr>
                          <th scope="col">Strain</th>
                          <th scope="col">Type</th>
                          <th scope="col">Stores with it now</th>
                          <th scope="col">Products</th>
                          <th scope="col">Lineage</th>
                        </tr>
                      </thead>
                      <tbody>
                        {matches.slice(0, shown).map((s) => (
                          <tr key={s.slug}>
                            <th scope="row">
                              <Link to={strainHref(s.slug)}>{s.name}</Link>
                            </th>
                            <td>{typeLabel(s.type)}</td>
                            <td>{s.stores}</td>
                            <td>{s.products}</td>
                            <td>{s.lineage ? 'Known' : '–'}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
                {matches.length > shown && (
                  <p className={styles.more}>
                    <button type="button" className="button" onClick={() => setShown(shown + PAGE_SIZE)}>
                      Show {Math.min(PAGE_SIZE, matches.length - shown)} more
                    </button>
                  </p>
                )}
              </>
            )}
          </>
        )}
      </SnapshotView>
    </>
  )
}

function StrainLinks({ strains }: { strains: Strain['parents'] }) {
  return (
    <ul className={styles.inlineList}>
      {strains.map((s) => (
        <li key={s.name}>{s.slug ? <Link to={strainHref(s.slug)}>{s.name}</Link> : s.name}</li>
      ))}
    </ul>
  )
}

function StrainPage({ slug }: { slug: string }) {
  const response = useStrain(slug)
  const now = useNow(60_000)
  const name = response.data?.name
  if (response.error instanceof HttpError && response.error.status === 404 && !response.data) {
    return (
      <>
        <PageTitle screen="Strain Not Found" />
        <h1>Strain not found</h1>
        <p>
          No strain “{slug}” has been seen on an Ohio menu. <Link to={paths.strainGenetics.path}>Search all strains</Link>.
        </p>
      </>
    )
  }
  return (
    <>
      <PageTitle screen={name ? `${name} - Strain Genetics` : 'Strain Genetics'} />
      <p>
        <Link to={paths.strainGenetics.path}>All strains</Link>
      </p>
      <h1>{name ?? 'Strain'}</h1>
      <SnapshotView response={response} what="strain">
        {(strain) => (
          <>
            <SampleNotice sample={strain.sample} />
            <dl className={styles.facts}>
              <dt>Type</dt>
              <dd>{typeLabel(strain.type)}</dd>
              <dt>THC seen</dt>
              <dd>
                {strain.thc
                  ? strain.thc.min === strain.thc.max
                    ? `${strain.thc.min}%`
                    : `${strain.thc.min}% to ${strain.thc.max}%`
                  : 'No menu gave it'}
              </dd>
              <dt>Parents</dt>
              <dd>{strain.parents.length > 0 ? <StrainLinks strains={strain.parents} /> : 'Not known'}</dd>
              {strain.children.length > 0 && (
                <>
                  <dt>Bred from it</dt>
                  <dd>
                    <StrainLinks strains={strain.children} />
                  </dd>
                </>
              )}
              <dt>Terpenes seen</dt>
              <dd>
                {strain.terpenes.length > 0 ? (
                  <ul className={styles.inlineList}>
                    {strain.terpenes.map((t) => (
                      <li key={t.slug}>
                        <Link to={terpeneHref(t.slug)}>{t.name}</Link> ({t.products} {t.products === 1 ? 'product' : 'products'})
                      </li>
                    ))}
                  </ul>
                ) : (
                  'No menu listed any'
                )}{' '}
                · <Link to={paths.terpenes.path}>All terpenes</Link>
              </dd>
            </dl>
            {strain.lineageSources.length > 0 && (
              <p className={styles.credit}>
                Lineage:{' '}
                {strain.lineageSources.map((s, i) => (
                  <span key={s.name}>
                    {i > 0 && ', '}
                    {s.url ? (
                      <a href={s.url} rel="noopener noreferrer">
                        {s.name}
                      </a>
                    ) : (
                      s.name
                    )}
                  </span>
                ))}
                .
              </p>
            )}
            {typeof strain.catalogueSource === 'string' && strain.catalogueSource && (
              <p className={styles.credit}>Name from the strain catalogue: {strain.catalogueSource}.</p>
            )}
            <section className={styles.section} aria-labelledby="in-stock-heading">
              <h2 id="in-stock-heading">Where it is in stock now</h2>
              {strain.offers.length === 0 ? (
                <p className="empty-state">No up-to-date menu has {strain.name} in stock right now.</p>
              ) : (
                <OfferTable offers={strain.offers} nowMs={now} caption={`Where ${strain.name} is in stock now`} />
              )}
            </section>
          </>
        )}
      </SnapshotView>
    </>
  )
}
