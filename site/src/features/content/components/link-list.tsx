import type { ContentLink } from '../api/content-schemas'
import styles from './link-list.module.css'

/** LinkList shows content links as cards: title (the link), host name and description. */
export function LinkList({ links, label }: { links: readonly ContentLink[]; label: string }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {links.map((link) => (
        <li key={link.url} className={`card ${styles.item}`}>
          <a href={link.url} rel="noopener noreferrer">
            {link.title}
          </a>
          <span className={styles.host}>{new URL(link.url).host}</span>
          {link.description && <p className={styles.description}>{link.description}</p>}
        </li>
      ))}
    </ul>
  )
}
