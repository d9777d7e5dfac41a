/** sitemapXml lists the pages (paths from /) under the site's absolute address, as the sitemap protocol requires. */
export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  const urls = paths.map((p) => `  <url><loc>${escape(siteUrl + p)}</loc></url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

/** robotsTxt lets every crawler in and points to the sitemap when the site's address is known. */
export function robotsTxt(siteUrl: string): string {
  const lines = ['User-agent: *', 'Allow: /']
  if (siteUrl) lines.push(`Sitemap: ${siteUrl}/sitemap.xml`)
  return `${lines.join('\n')}\n`
}
