export { askGuestRpc, atEachContact, GUEST_RPC_TIMEOUT_MS, type RpcGuest } from './guest-rpc.ts';
export { createListeners, type Listeners } from './listeners.ts';
export { localKeysStartingWith, parseStoredJson, readLocal, removeLocal, writeLocal } from './localStore.ts';
export { runAgainIfAsked, type RunAgain } from './run-again.ts';
