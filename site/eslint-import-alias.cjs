// An eslint-plugin-import resolver (interface version 2) for the site's `@/` alias: rewrites
// `@/x` to site/src/x and lets eslint-import-resolver-node, the resolver the config already
// uses, find the file. A handful of lines instead of eslint-import-resolver-typescript, which
// would bring a native module (unrs-resolver) for one prefix.
const path = require('node:path')
const nodeResolver = require('eslint-import-resolver-node')

const EXTENSIONS = ['.ts', '.tsx', '.js', '.json']

exports.interfaceVersion = 2
exports.resolve = function resolve(source, file, config) {
  for (const [prefix, dir] of Object.entries(config.alias)) {
    if (source.startsWith(prefix)) {
      const target = path.join(__dirname, dir, source.slice(prefix.length))
      return nodeResolver.resolve(target, file, { extensions: EXTENSIONS })
    }
  }
  return { found: false }
}
