#!/usr/bin/env node
/**
 * The built CLI's entry (`dist/cli.js`, scripts/bundle-cli.mjs): it sets the V8 flags that only
 * take effect before the heap grows (`boot.ts`) and only then loads the CLI, whose modules are
 * bundled into chunks of their own: parsing and running them already allocates.
 */
import './boot.ts';

await import('./cli.ts');
