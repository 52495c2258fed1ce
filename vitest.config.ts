import { defineConfig } from 'vitest/config';

export default defineConfig({
  // One graphql instance: packages loaded by Node get its CommonJS build, so test and source
  // files must not get the `.mjs` build (GraphQLSchema/GraphQLError realm checks fail otherwise).
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files share their worker's module cache: each one importing the schema, the workspace
    // and their dependencies afresh took most of the run (169 s of imports against 15 s).
    // Nothing a test file sets up outlives it: servers, stacks and Redis prefixes are its own.
    isolate: false,
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
