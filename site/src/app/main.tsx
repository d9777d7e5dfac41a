import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
// env is parsed when this import runs: a bad VITE_* variable stops the app
// here with an EnvError that lists every problem.
import '../config/env'
import { App } from './app'
import './global.css'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element to render the site into')

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
