import { Link } from 'react-router-dom'
import { ContentHtml } from '../components/content-html'
import { ContentPage } from '../features/content/components/content-page'
import { routes } from '../config/routes'
import { useThemeState } from '../lib/theme-store'
import styles from './chat.module.css'

function DiscordWidget({ serverId }: { serverId: string }) {
  const { dark } = useThemeState()
  return (
    <iframe
      className={styles.widget}
      title="The community's Discord server"
      src={`https://discord.com/widget?id=${encodeURIComponent(serverId)}&theme=${dark ? 'dark' : 'light'}`}
      sandbox="allow-popups allow-popups-to-escape-sandbox allow-same-origin allow-scripts"
      loading="lazy"
    />
  )
}

/**
 * ChatRoute (/chat): the community's Discord server, as Discord's embedded
 * widget when data/content/chat.yaml names the server, its invite and its
 * channels. Nothing is loaded from Discord until a server is configured.
 */
export default function ChatRoute() {
  return (
    <ContentPage name="content/chat" title="Chat" what="chat settings">
      {(page) => (
        <>
          {page.discord.serverId ? (
            <DiscordWidget serverId={page.discord.serverId} />
          ) : (
            !page.discord.invite && (
              <p className="empty-state">
                The community's Discord server is not set up on this site yet. Other channels are on the <Link to={routes.social.path}>social</Link>{' '}
                page. (Maintainers: set <code>discord.serverId</code> or <code>discord.invite</code> in <code>data/content/chat.yaml</code>.)
              </p>
            )
          )}
          {page.discord.invite && (
            <p>
              <a className="button" href={page.discord.invite} rel="noopener noreferrer">
                Join the Discord server
              </a>
            </p>
          )}
          {page.channels && page.channels.length > 0 && (
            <section aria-labelledby="channels-heading">
              <h2 id="channels-heading">Channels</h2>
              <dl className={styles.channels}>
                {page.channels.map((channel) => (
                  <div key={channel.name}>
                    <dt>{channel.name}</dt>
                    {channel.description && <dd>{channel.description}</dd>}
                  </div>
                ))}
              </dl>
            </section>
          )}
          <ContentHtml html={page.html} />
        </>
      )}
    </ContentPage>
  )
}
