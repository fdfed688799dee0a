import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Generous: simulator and corpus-wide tests take minutes on a loaded 2-core machine (no test asserts timing).
    testTimeout: 900_000,
  },
});
