/** The one way to the server: RPCs (client.ts), the functions (functions.ts); PostgREST's tables through rest.ts, loaded apart. */
export { parseRetryAfter, type ServerAnswer } from './answer.ts';
export { DEFAULT_TIMEOUT_MS, onServerAnswer, rpc, serverClient, type Caller, type Server, type ServerOptions } from './client.ts';
export { callFunction, streamFunction } from './functions.ts';
