// IndexedDB for the key store's tests; Node has WebCrypto and fetch's Request/Response already.
import 'fake-indexeddb/auto'
