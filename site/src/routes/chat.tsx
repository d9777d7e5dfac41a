import { Link } from 'react-router-dom'
import { useContent } from '../features/content/api/use-content'
import { ContentHtml } from '../components/content-html'
import { PageTitle } from '../components/page-title'
import { SnapshotView } from '../components/snapshot-view'
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
 * widget when data/content/chat.yaml names the server. Nothing is loaded from
 * Discord until a server is configured.
 */
export default function ChatRoute() {
  const response = useContent('content/chat')
  return (
    <>
      <PageTitle screen="Chat" />
      <h1>Chat</h1>
      <SnapshotView response={response} what="chat settings">
        {(page) => (
          <>
            {page.discord.serverId ? (
              <DiscordWidget serverId={page.discord.serverId} />
            ) : (
              <p className="empty-state">
                The community's Discord server is not set up on this site yet. Other channels are on the <Link to={routes.social.path}>social</Link>{' '}
                page.
              </p>
            )}
            {page.discord.invite && (
              <p>
                <a className="button" href={page.discord.invite} rel="noopener noreferrer">
                  Join the Discord server
                </a>
              </p>
            )}
            <ContentHtml html={page.html} />
          </>
        )}
      </SnapshotView>
    </>
  )
}
