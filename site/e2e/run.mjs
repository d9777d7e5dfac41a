// Runs the browser test files (node --test, with the arguments given) against one `omc demo`
// they share. Each file that only reads the plain demo (site/dist, no pre-rendering) used to
// start its own: ten scrapes from the replay and a publish, about 20 s of a CI machine's two
// cores per file, the same published tree each time. The files never change what the demo
// serves (what they change lives in their own browser contexts), so one demo for the run
// gives each the same site, and the files that need another (a build with accounts or a base
// path, pre-rendered pages, a tree they edit) still start their own.
//
// With OMC_E2E_URL set (a site the developer runs) no demo is started: the files use that.
// Usage: node e2e/run.mjs [node --test options] FILE...
import { spawn } from 'node:child_process'
import path from 'node:path'
import { SHARED_DEMO_ENV, startDemo } from './processes.mjs'

const args = process.argv.slice(2)
if (!args.some((a) => a.endsWith('.mjs'))) {
  console.error('usage: node e2e/run.mjs [node --test options] FILE...')
  process.exit(2)
}

let demo
const stopDemo = async () => {
  const started = demo
  demo = undefined
  await started?.stop()
}
let tests
// Ctrl-C or the CI's stop: end the test run and the demo (its own process group, which the
// terminal's signal does not reach), then leave with the signal's conventional code.
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.once(signal, async () => {
    tests?.kill(signal)
    await stopDemo()
    process.exit(code)
  })
}

const env = { ...process.env }
if (!process.env.OMC_E2E_URL && process.env.OMC_BIN) {
  demo = startDemo(path.resolve(process.env.OMC_BIN), { name: 'omc demo (shared by the browser tests)' })
  try {
    env[SHARED_DEMO_ENV] = await demo.url
  } catch (error) {
    console.error(error.message)
    await stopDemo()
    process.exit(1)
  }
  console.log(`# the plain demo the files share: ${env[SHARED_DEMO_ENV]}`)
}

tests = spawn(process.execPath, ['--test', ...args], { stdio: 'inherit', env })
const [code, signal] = await new Promise((resolve) => tests.once('exit', (c, s) => resolve([c, s])))
await stopDemo()
process.exit(code ?? (signal ? 1 : 0))
