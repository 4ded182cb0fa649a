import path from 'node:path';
import { defineConfig } from 'vitest/config';

const shared = path.resolve(import.meta.dirname, 'packages/shared/src/index.ts');

export default defineConfig({
  resolve: { alias: { '@ichat/shared': shared } },
  test: {
    // Two cores: more workers only fight over scrypt and the databases.
    maxWorkers: 2,
    // The permission rules are the one place each rule is written: every branch is tested
    // (`npm run test:unit` measures it and fails below 100 %).
    coverage: {
      provider: 'v8',
      include: ['packages/shared/src/policies/**/*.ts'],
      exclude: ['**/*.unit.test.ts', '**/index.ts'],
      reporter: ['text-summary'],
      thresholds: { lines: 100, functions: 100, branches: 100, statements: 100 },
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.unit.test.ts', 'apps/*/src/**/*.unit.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['**/*.unit.test.ts', '**/node_modules/**', 'apps/server/src/faults/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The fault tests (docs/RELIABILITY.md): a server killed, restarted, its disk filled,
        // PostgreSQL and Redis restarted. They run in a pass of their own after the
        // integration tests, one file at a time (`npm run test:faults`, with
        // --no-file-parallelism), so no other test meets the outage or the load they make.
        extends: true,
        test: {
          name: 'faults',
          include: ['apps/server/src/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
