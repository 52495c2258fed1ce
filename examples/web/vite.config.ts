import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The example frontend. Built for `docs-graph start`, which serves it at `/example/`; in
 * development `/graphql` is proxied to DOCS_GRAPH_URL (default http://127.0.0.1:4000).
 */
export default defineConfig(({ command, isPreview }) => ({
  root,
  base: command === 'build' || isPreview ? '/example/' : '/',
  plugins: [react()],
  resolve: {
    alias: {
      'docs-graph/client': fileURLToPath(new URL('../../src/client/index.ts', import.meta.url)),
    },
  },
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: { '/graphql': process.env.DOCS_GRAPH_URL ?? 'http://127.0.0.1:4000' },
  },
  preview: {
    proxy: { '/graphql': process.env.DOCS_GRAPH_URL ?? 'http://127.0.0.1:4000' },
  },
  logLevel: 'warn',
}));
