// Lint also guards the architecture: routes never reach SQL, the page never imports the
// server, and only repositories (and migrations, seeds, db/) speak Kysely.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'e2e/.artifacts/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.tsbuildinfo',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['kysely', 'pg', 'better-sqlite3'], message: 'Routes are thin: SQL belongs in a repository.' },
            { group: ['**/*.repository.js'], message: 'Routes call services, never repositories.' },
            { group: ['**/realtime/**', 'socket.io'], message: 'Routes never emit: services send live events after commit.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/realtime/**/*.ts'],
    ignores: ['apps/server/src/realtime/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**'], message: 'realtime/ is transport only: features emit through LiveChannel and register their handlers.' }] },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['fastify'], message: 'Services hold the rules and know nothing of HTTP.' },
            { group: ['socket.io'], message: 'Services speak to sockets through realtime\'s LiveChannel, never Socket.IO itself.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/server/**', '@ichat/server'], message: 'The page talks to the server over HTTP and the socket only.' },
            { group: ['kysely', 'pg', 'better-sqlite3', 'fastify', 'sharp'], message: 'Server-only package in the web client.' },
          ],
        },
      ],
    },
  },
  {
    files: ['e2e/tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import test and expect from '../support/test.js': it fails a test on any CSP violation.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'react', 'react-dom'], message: 'The shared contract runs in Node and the browser alike.' }] },
      ],
    },
  },
);
