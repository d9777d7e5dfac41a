/**
 * PushClient is the cloud messaging service's client as the site uses it
 * (docs/specification.md §7): whether this browser can receive pushes, a messaging token for
 * a service worker registration (getting one also registers the device with
 * the installations service), and deleting the token. Failures reject with the
 * SDK's error, whose `code` is like 'messaging/permission-blocked'.
 */
export interface PushClient {
  /** supported says whether this browser has what push needs (service workers, Push API, notifications, IndexedDB). */
  supported(): Promise<boolean>
  /** getToken subscribes registration to pushes and resolves with the messaging token (the current one while it is valid). */
  getToken(registration: ServiceWorkerRegistration): Promise<string>
  /** deleteToken unsubscribes this browser; the token stops working. */
  deleteToken(): Promise<void>
}
