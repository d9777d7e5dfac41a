import styles from './offers.module.css'

/** isWebUrl reports whether url is an absolute http(s) URL: the only kind an order link may lead to (never javascript: or data:). */
export function isWebUrl(url: string | null | undefined): url is string {
  if (!url) return false
  try {
    const { protocol, host } = new URL(url)
    return (protocol === 'https:' || protocol === 'http:') && host !== ''
  } catch {
    return false
  }
}

/**
 * OrderLink links an offer to the product on the store's own menu (the menu's page when
 * the product has none), in a new tab: the snapshots' orderUrl. Without one it says so.
 */
export function OrderLink({ url, product, store }: { url: string | null | undefined; product: string; store: string }) {
  if (!isWebUrl(url)) {
    return (
      <span>
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">
          no link to order {product} at {store}
        </span>
      </span>
    )
  }
  return (
    <a className={styles.orderLink} href={url} target="_blank" rel="noopener" aria-label={`Order ${product} at ${store} (opens in a new tab)`}>
      Order
    </a>
  )
}
