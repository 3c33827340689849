// jest.environment.cjs: jsdom as jest-environment-jsdom makes it, with what a browser has and jsdom lacks
// taken from Node: the kit encodes text, its mock answers with fetch's Response, and both sign with WebCrypto.
const { webcrypto } = require('node:crypto')
const { TestEnvironment } = require('jest-environment-jsdom')

// The page's scripts make their ArrayBuffers with jsdom's constructor, which Node's WebCrypto refuses as
// not its own ("2nd argument is not instance of ArrayBuffer"); a browser has one realm. Copy them over.
const nodeBytes = (value) =>
  Object.prototype.toString.call(value) === '[object ArrayBuffer]' && !(value instanceof ArrayBuffer)
    ? Buffer.from(new Uint8Array(value))
    : value
const subtle = {}
for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(webcrypto.subtle))) {
  if (name !== 'constructor') subtle[name] = (...args) => webcrypto.subtle[name](...args.map(nodeBytes))
}

module.exports = class extends TestEnvironment {
  constructor(config, context) {
    super(config, context)
    for (const name of ['TextEncoder', 'TextDecoder', 'structuredClone', 'Request', 'Response']) {
      this.global[name] = globalThis[name]
    }
    // jsdom's crypto has getRandomValues and randomUUID, not subtle.
    Object.defineProperty(this.global.crypto, 'subtle', { value: subtle, configurable: true })
  }
}
