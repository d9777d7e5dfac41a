/// <reference lib="webworker" />
// The messaging service worker (docs/specification.md §7), built to /firebase-messaging-sw.js
// by scripts/build-sw.mjs only when push notifications are configured, and
// registered by src/lib/push.ts when a visitor turns them on, with a scope of
// its own so the offline worker (/sw.js, scope /) stays as it is.
//
// The Firebase SDK receives the pushes: a message with a notification part is
// shown by the SDK, and a click on it opens its link when the link is on this
// site. A data-only message carrying a title is shown here, the same way.
import { initializeApp } from 'firebase/app'
import { getMessaging, onBackgroundMessage } from 'firebase/messaging/sw'

declare const self: ServiceWorkerGlobalScope
/** The project's web app settings, written in by scripts/build-sw.mjs from the VITE_FIREBASE_* variables. */
declare const __OMC_FIREBASE_CONFIG__: { apiKey: string; authDomain: string; projectId: string; appId: string; messagingSenderId: string }

const messaging = getMessaging(initializeApp(__OMC_FIREBASE_CONFIG__))

/** sameSiteLink is link as an absolute URL on this site, or '' for anything else. */
function sameSiteLink(link: unknown): string {
  if (typeof link !== 'string' || link === '') return ''
  try {
    const url = new URL(link, self.location.origin)
    return url.origin === self.location.origin ? url.href : ''
  } catch {
    return ''
  }
}

onBackgroundMessage(messaging, async (payload) => {
  const data = payload.data ?? {}
  if (payload.notification || !data.title) return
  await self.registration.showNotification(data.title, {
    body: data.body ?? '',
    icon: new URL('favicon.svg', self.location.href).href,
    data: { link: sameSiteLink(data.link) },
  })
})

// The SDK handles clicks on the notifications it showed (and stops the event there).
self.addEventListener('notificationclick', (event) => {
  const link = sameSiteLink((event.notification.data as { link?: unknown } | null)?.link)
  event.notification.close()
  if (!link) return
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === link)
      return open ? open.focus() : self.clients.openWindow(link)
    }),
  )
})
