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
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
