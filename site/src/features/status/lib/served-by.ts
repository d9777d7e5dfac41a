import type { DispensaryStatus } from '@/api/dispensary-status'
import { marketLabel } from '@/lib/menu-categories'

/**
 * servedBy says which source each market's latest menu was read from: the menu's own
 * platform, or the alternative omc read when that one was blocked ("" when none was).
 */
export function servedBy(d: Pick<DispensaryStatus, 'marketStatuses'>): string {
  return d.marketStatuses
    .filter((s) => s.source)
    .map((s) => `${marketLabel(s.market)} menu read from ${s.source}`)
    .join(' · ')
}
