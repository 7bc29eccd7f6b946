import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // No test reaches the public DNS: real lookups throw (stub resolvers only).
    setupFiles: ['test/setup/no-real-dns.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Integration tests start servers on port 0 and use their own temp files, so files run in parallel.
    fileParallelism: true,
  },
});
