import { useMemo } from 'react'
import { Link } from 'react-router-dom'
import { terpeneHref } from '../../../../config/paths'
import { useTerpeneGuide, useTerpenes } from '../../api/use-explore'
import { findTerpene } from '../../lib/terpenes'
import styles from '../explore.module.css'

/** TerpeneList links every terpene: those on menus (with their product counts) and those the guide describes. */
export function TerpeneList({ current }: { current?: string }) {
  const { data: onMenus } = useTerpenes()
  const { data: content } = useTerpeneGuide()
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
