import type { Env } from './env-settings'

export * from './env-settings'

/**
 * OMC_ENV is the configuration the build checked (parseEnv in env-schema.ts, run by
 * vite.config.ts on the VITE_* variables: a bad one stops the build with EnvError
 * listing every problem) and wrote into the code as a constant, so no browser checks
 * it again nor downloads the checks.
 */
declare const __OMC_ENV__: Env

/** env is the site's configuration, as the build checked it. */
export const env: Env = __OMC_ENV__
