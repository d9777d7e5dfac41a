import { Link } from 'react-router-dom'
import { strainHref, terpeneHref } from '@/config/paths'
import { routes } from '@/config/routes'
import type { Strain } from '@/features/explore/api/explore-schemas'
import { typeLabel } from '@/features/explore/lib/strains'
import { formatPotency } from '@/lib/format'
import styles from '../explore.module.css'

function StrainLinks({ strains }: { strains: Strain['parents'] }) {
  return (
    <ul className={styles.inlineList}>
      {strains.map((s) => (
        <li key={s.name}>{s.slug ? <Link to={strainHref(s.slug)}>{s.name}</Link> : s.name}</li>
      ))}
    </ul>
  )
}

/** StrainFacts are a strain's type, THC seen, parents, children and terpenes, and where its lineage and name come from. */
export function StrainFacts({ strain }: { strain: Strain }) {
  const { thc } = strain
  return (
    <>
      <dl className={styles.facts}>
        <dt>Type</dt>
        <dd>{typeLabel(strain.type)}</dd>
        <dt>THC seen</dt>
        <dd>
          {thc
            ? thc.min === thc.max
              ? formatPotency(thc.min, thc.unit)
              : `${formatPotency(thc.min, thc.unit)} to ${formatPotency(thc.max, thc.unit)}`
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
          · <Link to={routes.terpenes.path}>All terpenes</Link>
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
    </>
  )
}
