import { useMemo } from 'react'
import { Link } from 'react-router-dom'
import { terpeneHref } from '@/config/paths'
import { useTerpeneGuide, useTerpenes } from '@/features/explore/api/use-explore'
import type { TerpeneContent, TerpenesIndex } from '@/features/explore/api/explore-schemas'
import { findTerpene } from '@/features/explore/lib/terpenes'
import styles from '../explore.module.css'

type Entry = { slug: string; name: string; products: number | null; describedUnder?: string }

/**
 * terpeneEntries lists every terpene once, each linking to its own page: the menus' terpenes (as
 * publish names them, with their counts) and the guide's entries no menu lists under any of their
 * names. A menu terpene the guide files under another entry (an alias: menus' "Alpha-Pinene" is the
 * guide's "Pinene") says so, and that entry is not listed again beside it.
 */
export function terpeneEntries(content: TerpeneContent | undefined, onMenus: TerpenesIndex | undefined): Entry[] {
  const menuSlugs = new Set((onMenus?.terpenes ?? []).map((t) => t.slug))
  const entries: Entry[] = []
  for (const t of onMenus?.terpenes ?? []) {
    const described = findTerpene(content, t.slug)
    if (described?.slug === t.slug) entries.push({ slug: t.slug, name: described.name, products: t.products })
    else if (described && described.name.toLowerCase() !== t.name.toLowerCase())
      entries.push({ slug: t.slug, name: t.name, products: t.products, describedUnder: described.name })
    else entries.push({ slug: t.slug, name: described?.name ?? t.name, products: t.products })
  }
  for (const g of content?.terpenes ?? []) {
    if (menuSlugs.has(g.slug) || (g.aliases ?? []).some((a) => menuSlugs.has(a))) continue
    entries.push({ slug: g.slug, name: g.name, products: null })
  }
  return entries.sort((a, b) => a.name.localeCompare(b.name))
}

/** TerpeneList links every terpene: those on menus (with their product counts) and those the guide describes. */
export function TerpeneList({ current }: { current?: string }) {
  const { data: onMenus } = useTerpenes()
  const { data: content } = useTerpeneGuide()
  const entries = useMemo(() => terpeneEntries(content, onMenus), [onMenus, content])
  if (entries.length === 0) return null
  return (
    <nav aria-label="Terpenes" className={styles.section}>
      <h2>All terpenes</h2>
      <ul className={styles.inlineList}>
        {entries.map((t) => (
          <li key={t.slug}>
            {t.slug === current ? <strong aria-current="page">{t.name}</strong> : <Link to={terpeneHref(t.slug)}>{t.name}</Link>}{' '}
            {t.products !== null && `(${t.products} in stock${t.describedUnder ? `; described under ${t.describedUnder}` : ''})`}
          </li>
        ))}
      </ul>
    </nav>
  )
}
