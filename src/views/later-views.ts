import { laterView } from './later-view.tsx';

/** Paying by transfer: the host's bank details come with the party's terms, from the server. */
export const LaterPayByTransfer = laterView(() => import('./PayByTransfer.tsx'));
/** '¿Alguien pidió esto?': the bar's bill comes from the server once the host has typed it. */
export const LaterBillClaims = laterView(() => import('./BillClaims.tsx'));

/** Every later view's code, fetched ahead (main.tsx): the worker keeps it as it loads. */
export const preloadLaterViews = (): Promise<unknown> => Promise.all([LaterPayByTransfer.preload(), LaterBillClaims.preload()]);
