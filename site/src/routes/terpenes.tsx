import { useMemo } from 'react'
import { Link, useParams } from 'react-router-dom'
import type { TerpeneContent } from '../api/content-schemas'
import { HttpError } from '../api/errors'
import type { Terpene } from '../api/schemas'
import { useContent } from '../api/use-content'
import { useTerpene } from '../api/use-terpene'
import { useTerpenes } from '../api/use-terpenes'
import { ContentHtml } from '../components/content-html'
import styles from '../components/explore/explore.module.css'
import { SampleNotice } from '../components/explore/sample-notice'
import { PageTitle } from '../components/page-title'
import { SnapshotView } from '../components/snapshot-view'
import { Spinner } from '../components/spinner'
import { paths, productHref, terpeneHref } from '../config/paths'
import { formatCost } from '../lib/format'

type TerpeneEntry = TerpeneContent['terpenes'][number]

/** findTerpene is the content entry for a slug (its own or one of its aliases). */
export function findTerpene(content: TerpeneContent | undefined, slug: string): TerpeneEntry | undefined {
  return content?.terpenes.find((t) => t.slug === slug || (t.aliases ?? []).includes(slug))
}

/** TerpenesRoute (/terpenes and /terpenes/:terpene): the terpene index, or one terpene and the products listing it. */
export function TerpenesRoute() {
  const { terpene } = useParams()
  return terpene ? <TerpenePage slug={terpene} key={terpene} /> : <TerpeneIndex />
}

/** TerpeneList links every terpene: those on menus (with their product counts) and those described here. */
function TerpeneList({ current }: { current?: string }) {
  const { data: onMenus } = useTerpenes()
  const { data: content } = useContent('content/terpenes')
  const entries = useMemo(() => {
    const byName = new Map<string, { slug: string; name: string; products: number | null }>()
    for (const t of content?.terpenes ?? []) byName.set(t.slug, { slug: t.slug, name: t.name, products: null })
    for (const t of onMenus?.terpenes ?? []) {
      const described = findTerpene(content, t.slug)
      const slug = described?.slug ?? t.slug
      byName.set(slug, { slug: t.slug, name: described?.name ?? t.name, products: t.products + (byName.get(slug)?.products ?? 0) })
    }
    return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name))
  }, [onMenus, content])
  if (entries.length === 0) return null
  return (
    <nav aria-label="Terpenes" className={styles.section}>
      <h2>All terpenes</h2>
      <ul className={styles.inlineList}>
        {entries.map((t) => (
          <li key={t.slug}>
            {t.slug === current ? <strong aria-current="page">{t.name}</strong> : <Link to={terpeneHref(t.slug)}>{t.name}</Link>}{' '}
            {t.products !== null && `(${t.products} in stock)`}
          </li>
        ))}
      </ul>
    </nav>
  )
}

function Sources({ ids, content }: { ids: readonly string[]; content: TerpeneContent }) {
  return (
    <>
      {' '}
      {ids.map((id) => {
        const source = content.sources.find((s) => s.id === id)
        return source ? (
          <a key={id} href={source.url} rel="noopener noreferrer" title={source.title} className={styles.sourceLink}>
            [{id}]
          </a>
        ) : null
      })}
    </>
  )
}

function SourceList({ content, ids }: { content: TerpeneContent; ids: ReadonlySet<string> }) {
  const used = content.sources.filter((s) => ids.has(s.id))
  if (used.length === 0) return null
  return (
    <section className={styles.section} aria-labelledby="sources-heading">
      <h2 id="sources-heading">Sources</h2>
      <ul>
        {used.map((s) => (
          <li key={s.id}>
            [{s.id}]{' '}
            <a href={s.url} rel="noopener noreferrer">
              {s.title}
            </a>
          </li>
        ))}
      </ul>
      {content.checked && <p className={styles.credit}>Checked {content.checked}. Not medical advice.</p>}
    </section>
  )
}

function TerpeneIndex() {
  const response = useContent('content/terpenes')
  return (
    <>
      <PageTitle screen="Terpenes" />
      <h1>Terpenes</h1>
      <SnapshotView response={response} what="terpene guide">
        {(content) => (
          <>
            {content.html && <ContentHtml html={content.html} />}
            {(content.general ?? []).length > 0 && (
              <ul>
                {(content.general ?? []).map((f) => (
                  <li key={f.text}>
                    {f.text}
                    <Sources ids={f.sources} content={content} />
                  </li>
                ))}
              </ul>
            )}
            <TerpeneList />
            <SourceList content={content} ids={new Set((content.general ?? []).flatMap((f) => f.sources))} />
          </>
        )}
      </SnapshotView>
    </>
  )
}

function amountText(p: Terpene['products'][number]): string {
  if (p.amount === null) return 'listed, no amount'
  return p.amountUnit === 'mg' ? `${p.amount} mg` : `${p.amount}%`
}

function TerpenePage({ slug }: { slug: string }) {
  const { data: content } = useContent('content/terpenes')
  const described = findTerpene(content, slug)
  const response = useTerpene(slug)
  const notOnMenus = response.error instanceof HttpError && response.error.status === 404 && !response.data
  const name = described?.name ?? response.data?.name
  if (notOnMenus && content && !described) {
    return (
      <>
        <PageTitle screen="Terpene Not Found" />
        <h1>Terpene not found</h1>
        <p>
          No menu lists a terpene “{slug}”, and this site has no page for it. <Link to={paths.terpenes.path}>All terpenes</Link>.
        </p>
      </>
    )
  }
  return (
    <>
      <PageTitle screen={name ? `${name} - Terpenes` : 'Terpenes'} />
      <p>
        <Link to={paths.terpenes.path}>All terpenes</Link>
      </p>
      <h1>{name ?? 'Terpene'}</h1>
      {!content && <Spinner label="Loading the terpene guide" />}
      {content && described && (
        <>
          <dl className={styles.facts}>
            <dt>Aroma</dt>
            <dd>{described.aroma}</dd>
            <dt>Also found in</dt>
            <dd>{described.alsoFoundIn.join(', ')}</dd>
          </dl>
          {described.facts.length > 0 && (
            <section className={styles.section} aria-labelledby="research-heading">
              <h2 id="research-heading">What the sources say</h2>
              <ul>
                {described.facts.map((f) => (
                  <li key={f.text}>
                    {f.text}
                    <Sources ids={f.sources} content={content} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      {content && !described && <p>This site has no description of {name ?? slug} yet; the products below list it on their menus.</p>}
      <section className={styles.section} aria-labelledby="products-heading">
        <h2 id="products-heading">In stock now, strongest first</h2>
        {notOnMenus ? (
          <p className="empty-state">No product in stock lists {name ?? slug} on its menu right now.</p>
        ) : (
          <SnapshotView response={response} what="products">
            {(terpene) =>
              terpene.products.length === 0 ? (
                <p className="empty-state">No product in stock lists {terpene.name} on its menu right now.</p>
              ) : (
                <>
                  <SampleNotice sample={terpene.sample} />
                  <div className={styles.scroll}>
                    <table className={styles.table}>
                      <caption className="visually-hidden">Products listing {terpene.name}</caption>
                      <thead>
                        <tr>
                          <th scope="col">Product</th>
                          <th scope="col">Category</th>
                          <th scope="col">Strain</th>
                          <th scope="col">{terpene.name}</th>
                          <th scope="col">Stores</th>
                          <th scope="col">From</th>
                        </tr>
                      </thead>
                      <tbody>
                        {terpene.products.map((p) => (
                          <tr key={p.code}>
                            <td>
                              <a href={productHref(p.code)}>{p.name}</a>
                              {p.brand && <span className={styles.sub}>{p.brand}</span>}
                            </td>
                            <td>{p.category}</td>
                            <td>{p.strain || '–'}</td>
                            <td>{amountText(p)}</td>
                            <td>{p.stores}</td>
                            <td>{p.minPrice === null ? '–' : formatCost(p.minPrice)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                  <p className={styles.credit}>
                    “From” is the lowest price paid at any store; open a product for sizes, unit prices, markets and how fresh each menu is.
                  </p>
                </>
              )
            }
          </SnapshotView>
        )}
      </section>
      <TerpeneList current={slug} />
      {content && described && <SourceList content={content} ids={new Set(described.facts.flatMap((f) => f.sources))} />}
    </>
  )
}
