import type { TerserOptions } from 'vite';

/**
 * How every script a guest downloads is minified: Terser packs it tighter than Rolldown's own minifier (the app's
 * bundle about 1 KB of brotli; on one bar of signal 20 ms sooner offline-ready, issue 40). Two passes; nothing
 * unsafe, as React and Dexie rely on their getters.
 */
export const TERSER_OPTIONS: TerserOptions = { module: true, ecma: 2020, compress: { passes: 2 }, format: { comments: false } };
/**
 * Rolldown's checks for a build minified with Terser: Terser is a JavaScript plugin, so Rolldown's warning that plugins
 * took most of the build is about it, and would reach npm start's operator in English.
 */
export const TERSER_CHECKS = { bundlerTimings: false } as const;
