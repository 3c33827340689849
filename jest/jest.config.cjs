// jest.config.cjs: Jest (CommonJS, jsdom) for a host that imports auth-proxy-kit and its mock.
const path = require('node:path')

/** @type {import('jest').Config} */
module.exports = {
  // jsdom, with the Web APIs it lacks and the kit needs taken from Node (jest.environment.cjs).
  testEnvironment: '<rootDir>/jest.environment.cjs',
  // IndexedDB, where the kit keeps its sign-in keys: jsdom has none.
  setupFiles: ['fake-indexeddb/auto'],
  // The kit and these dependencies ship ES modules only; Jest runs CommonJS, so SWC compiles them as it
  // compiles your own files. hpke is bundled inside the kit (auth-proxy-kit/dist/node_modules/hpke).
  transformIgnorePatterns: [
    '/node_modules/(?!(auth-proxy-kit|hpke|jose|@noble|@scure|micro-eth-signer|micro-packed)/)',
  ],
  transform: {
    '\\.[cm]?tsx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
    ],
    '\\.[cm]?jsx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'ecmascript', jsx: true }, transform: { react: { runtime: 'automatic' } } } },
    ],
  },
  moduleNameMapper: {
    // auth-proxy-kit/mock checks that its optional peers are installed, then loads the mock with a
    // top-level await, which CommonJS cannot run: load the mock itself, the module that entry re-exports.
    '^auth-proxy-kit/mock$': path.join(path.dirname(require.resolve('auth-proxy-kit/mock')), 'mock/index.js'),
  },
}
