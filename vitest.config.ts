import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Integration tests start servers on port 0 and use their own temp files, so files run in parallel.
    fileParallelism: true,
  },
});
