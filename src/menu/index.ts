/** A party's list on the guest's phone: heard from the server, kept for the basement, searched and browsed. */
export type { MenuGuest } from './remote.ts';
export { useMenu } from './use-menu.ts';
