/**
 * The database as IndexedDB itself sees it, for code that runs without Dexie
 * (the service worker). `database.ts` declares the schema; a test holds the two together.
 */

export const DATABASE_NAME = 'bar-tab';

/** The last `version()` in database.ts. */
export const SCHEMA_VERSION = 8;
