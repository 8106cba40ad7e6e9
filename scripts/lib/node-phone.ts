/**
 * A phone made in Node (integration tests, benchmarks): IndexedDB from
 * fake-indexeddb, loaded before Dexie.
 */
import 'fake-indexeddb/auto';
