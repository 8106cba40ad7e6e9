/**
 * A phone made in Node (integration tests, benchmarks): IndexedDB from
 * fake-indexeddb, loaded before Dexie, and the WebSocket Node 20 lacks.
 * supabase-js makes its realtime client, which wants a WebSocket, as the client
 * is made; the queue never opens it, but without one `createClient` throws.
 */
import 'fake-indexeddb/auto';
import ws from 'ws';

// Typed as always there (the DOM library's view); Node 20 has none, Node 22 its own.
if (!('WebSocket' in globalThis)) Object.assign(globalThis, { WebSocket: ws });
