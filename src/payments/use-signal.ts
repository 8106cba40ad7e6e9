/** Whether the phone has signal, as the browser says it now: with none, no checkout is offered. */
export { useBrowserOnline as useSignal } from '../sync/hooks.ts';
