// What `use-sync-external-store/shim` stands in for in the build (vite.config.ts): SWR imports
// that shim so it runs on React 16 and 17 too, and the shim, on a React that has the hook,
// hands React's own back. React has had the hook since 18: the build takes it from React
// directly and leaves the shim's code and its CommonJS wrapper out of the first load.
export { useSyncExternalStore } from 'react'
