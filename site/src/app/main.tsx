import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
// env is parsed when this import runs: a bad VITE_* variable stops the app
// here with an EnvError that lists every problem.
import '../config/env'
import { registerServiceWorker } from '../lib/service-worker'
import { App } from './app'
import './global.css'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element to render the site into')

// A page pre-rendered for this very path is hydrated (React keeps the HTML of
// a screen whose code is still loading until it arrives); anything else, like
// the shell served for an unknown path, is rendered from scratch.
const normalize = (path: string) => path.replace(/\/+$/, '') || '/'
const prerendered = container.dataset.prerendered
const app = (
  <StrictMode>
    <App />
  </StrictMode>
)
if (prerendered !== undefined && normalize(prerendered) === normalize(window.location.pathname)) {
  hydrateRoot(container, app)
} else {
  container.replaceChildren()
  createRoot(container).render(app)
}

void registerServiceWorker()
