/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the published snapshots; empty = same origin. */
  readonly VITE_DATA_URL?: string
  /** Community name shown in titles, header and footer. */
  readonly VITE_SITE_NAME?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
