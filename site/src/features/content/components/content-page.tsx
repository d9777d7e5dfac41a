import type { ReactNode } from 'react'
import type * as v from 'valibot'
import { ContentHtml } from '@/components/content-html'
import { PageTitle } from '@/components/page-title'
import { SampleNotice } from '@/components/sample-notice'
import { SnapshotView } from '@/components/snapshot-view'
import type { contentSnapshots, LinksPage } from '../api/content-schemas'
import { useContent, type ContentName } from '../api/use-content'
import { LinkList } from './link-list'

type Props<N extends ContentName> = {
  /** name is the page's snapshot (api/<name>). */
  name: N
  /** title is the page's heading and the first part of its title. */
  title: string
  /** what names the content in the loading, error and offline notices. */
  what: string
  /** lead is a line under the heading, shown while the content loads too. */
  lead?: ReactNode
  /** children show the content; by default its html (Markdown rendered by omc publish). */
  children?: (page: v.InferOutput<(typeof contentSnapshots)[N]>) => ReactNode
}

/** ContentPage is a page of the content feature: its heading, a lead, and its published content once loaded. */
export function ContentPage<N extends ContentName>({ name, title, what, lead, children }: Props<N>) {
  const response = useContent(name)
  return (
    <>
      <PageTitle screen={title} />
      <h1>{title}</h1>
      {lead && <p className="lead">{lead}</p>}
      <SnapshotView response={response} what={what}>
        {(page) => (
          <>
            <SampleNotice sample={'sample' in page && page.sample === true}>
              this page’s content is made up for the demo: no channel, event, donation page or vote here is real.
            </SampleNotice>
            {children ? children(page) : 'html' in page && typeof page.html === 'string' && <ContentHtml html={page.html} />}
          </>
        )}
      </SnapshotView>
    </>
  )
}

/** LinksContent is a page of links (social channels, ways to donate, other maps): its links as cards, or what to do when there are none, and its text. */
export function LinksContent({ page, label, empty, textFirst = false }: { page: LinksPage; label: string; empty: string; textFirst?: boolean }) {
  const links = page.links.length > 0 ? <LinkList links={page.links} label={label} /> : <p className="empty-state">{empty}</p>
  return textFirst ? (
    <>
      <ContentHtml html={page.html} />
      {links}
    </>
  ) : (
    <>
      {links}
      <ContentHtml html={page.html} />
    </>
  )
}
