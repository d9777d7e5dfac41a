/**
 * ContentHtml shows Markdown that omc publish rendered to HTML. It is safe to
 * insert: goldmark runs without its unsafe option, so raw HTML and
 * javascript: links in the Markdown never reach the page.
 */
export function ContentHtml({ html, className = 'prose' }: { html: string; className?: string }) {
  if (!html.trim()) return null
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />
}
