import { defineConfig } from 'vitest/config';

/** `npm run test:engines`: the guest's flow in Firefox and WebKit (Debian's firefox-esr, webkit2gtk-driver, xvfb). */
export default defineConfig({
  test: {
    include: ['tests/engines/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
