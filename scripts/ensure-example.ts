/**
 * `npm start` runs this first: builds the example frontend once (examples/web/dist), so the
 * landing page at `/` can link it. Skipped when already built or when Vite is not installed.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../examples/web/dist/index.html', import.meta.url));
if (!existsSync(dist)) {
  try {
    const { build } = await import('vite');
    process.stdout.write('building the example frontend (once) ...\n');
    await build({
      configFile: fileURLToPath(new URL('../examples/web/vite.config.ts', import.meta.url)),
      logLevel: 'warn',
    });
  } catch (error) {
    process.stderr.write(`the example frontend was not built: ${(error as Error).message}\n`);
  }
}
