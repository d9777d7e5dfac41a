import { setupServer } from 'msw/node'
import { handlers } from './handlers'

/** server answers every request the tests make; an unknown request fails the test. */
export const server = setupServer(...handlers)
