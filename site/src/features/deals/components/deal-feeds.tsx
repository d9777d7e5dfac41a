import { env } from '@/config/env'
import styles from '@/features/offers/components/shop.module.css'

/**
 * dealsFeedUrl is the Atom feed omc publish writes of the best deals in region ('' for
 * all Ohio), beside the snapshots: feeds/deals.atom, feeds/deals-<region>.atom
 * (publish/SNAPSHOTS.md, "feeds/deals.atom").
 */
export function dealsFeedUrl(region: string, dataUrl: string = env.dataUrl): string {
  const slug = region
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return `${dataUrl}/feeds/${slug ? `deals-${slug}` : 'deals'}.atom`
}

/**
 * DealFeeds links the feed of the region's deals (all Ohio's without a region): a
 * visible link, and a <link rel="alternate"> that React puts in the document's head,
 * where browsers and feed readers look for a page's feeds.
 */
export function DealFeeds({ region }: { region: string }) {
  const href = dealsFeedUrl(region)
  const where = region ? `${region} Ohio` : 'all Ohio'
  return (
    <>
      <link rel="alternate" type="application/atom+xml" title={`Ohio cannabis deals: ${region || 'all Ohio'}`} href={href} />
      <p className={styles.summary}>
        Follow the best deals in {where} in a feed reader:{' '}
        <a href={href} type="application/atom+xml">
          deals feed for {where} (Atom)
        </a>
        .
      </p>
    </>
  )
}
