import { defineConfig } from 'vitest/config';
import { reactWithLingui } from './vite.config.ts';

export default defineConfig({
  plugins: reactWithLingui(),
  test: {
    include: [
      'server/**/*.test.ts',
      'sync/**/*.test.ts',
      'src/**/*.test.{ts,tsx}',
      'tests/unit/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'migrations/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['fake-indexeddb/auto'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
