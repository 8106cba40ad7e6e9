// What a capability needs to own a kind of change in the outbox, and nothing that sends or schedules:
// the queue's worker and the host's page load it without the page's engine or the queue's requests.
export { settleAnswer, sortAnswer, type Answer, type AnswerRules, type OwnAnswers, type SortedAnswer } from './answers.ts';
export { chunk, jsonBytes } from './batches.ts';
export { enqueue, kindOf, type ParkedEntry, type Queued, type QueuedEntry, type SyncState } from './entries.ts';
export { SENT, type OutboxHold, type OutboxKind, type ParkedStanding, type Pass, type Step } from './kinds.ts';
export type { SyncTransport, WriteResult } from './transport.ts';
