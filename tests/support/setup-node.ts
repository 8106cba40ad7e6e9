/** Integration tests run in Node: phones get their IndexedDB from fake-indexeddb, loaded before Dexie. */
import 'fake-indexeddb/auto';
