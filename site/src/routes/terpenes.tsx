import { Link, useParams } from 'react-router-dom'
import { HttpError } from '../api/errors'
import { ContentHtml } from '../components/content-html'
import { PageTitle } from '../components/page-title'
import { SnapshotView } from '../components/snapshot-view'
import { routes } from '../config/routes'
import { useTerpene, useTerpeneGuide } from '../features/explore/api/use-explore'
import styles from '../features/explore/components/explore.module.css'
import { TerpeneList } from '../features/explore/components/terpenes/terpene-list'
import { TerpeneProducts } from '../features/explore/components/terpenes/terpene-products'
import { SourcedFacts, SourceList } from '../features/explore/components/terpenes/terpene-sources'
import { findTerpene } from '../features/explore/lib/terpenes'

/** TerpenesRoute (/terpenes and /terpenes/:terpene): the terpene index, or one terpene and the products listing it. */
export default function TerpenesRoute() {
  const { terpene } = useParams()
  return terpene ? <TerpenePage slug={terpene} key={terpene} /> : <TerpeneIndex />
}

function TerpeneIndex() {
  const response = useTerpeneGuide()
  return (
    <>
      <PageTitle screen="Terpenes" />
      <h1>Terpenes</h1>
      <SnapshotView response={response} what="terpene guide">
        {(content) => (
          <>
            {content.html && <ContentHtml html={content.html} />}
            {(content.general ?? []).length > 0 && <SourcedFacts facts={content.general ?? []} content={content} />}
            <TerpeneList />
            <SourceList content={content} ids={new Set((content.general ?? []).flatMap((f) => f.sources))} />
          </>
        )}
      </SnapshotView>
    </>
  )
}

function TerpenePage({ slug }: { slug: string }) {
  const guide = useTerpeneGuide()
  const content = guide.data
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
          No menu lists a terpene “{slug}”, and this site has no page for it. <Link to={routes.terpenes.path}>All terpenes</Link>.
        </p>
      </>
    )
  }
  return (
    <>
      <PageTitle screen={name ? `${name} - Terpenes` : 'Terpenes'} />
      <p>
        <Link to={routes.terpenes.path}>All terpenes</Link>
      </p>
      <h1>{name ?? 'Terpene'}</h1>
      <SnapshotView response={guide} what="terpene guide">
        {(content) => {
          const entry = findTerpene(content, slug)
          if (!entry) return <p>This site has no description of {name ?? slug} yet; the products below list it on their menus.</p>
          const menuName = response.data?.name
          return (
            <>
              {entry.slug !== slug && menuName && menuName.toLowerCase() !== entry.name.toLowerCase() && (
                <p>
                  Menus list it as {menuName}; this site describes it under {entry.name}.
                </p>
              )}
              <dl className={styles.facts}>
                <dt>Aroma</dt>
                <dd>{entry.aroma}</dd>
                <dt>Also found in</dt>
                <dd>{entry.alsoFoundIn.join(', ')}</dd>
              </dl>
              {entry.facts.length > 0 && (
                <section className={styles.section} aria-labelledby="research-heading">
                  <h2 id="research-heading">What the sources say</h2>
                  <SourcedFacts facts={entry.facts} content={content} />
                </section>
              )}
            </>
          )
        }}
      </SnapshotView>
      <section className={styles.section} aria-labelledby="products-heading">
        <h2 id="products-heading">In stock now, strongest first</h2>
        {notOnMenus ? (
          <p className="empty-state">No product in stock lists {name ?? slug} on its menu right now.</p>
        ) : (
          <SnapshotView response={response} what="products">
            {(terpene) => <TerpeneProducts terpene={terpene} />}
          </SnapshotView>
        )}
      </section>
      <TerpeneList current={slug} />
      {content && described && <SourceList content={content} ids={new Set(described.facts.flatMap((f) => f.sources))} />}
    </>
  )
}
