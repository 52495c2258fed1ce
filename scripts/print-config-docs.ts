import { mkdirSync, writeFileSync } from 'node:fs';
import { configurationMarkdown } from '../src/config/usage.ts';

const path = new URL('../docs/configuration.md', import.meta.url);
mkdirSync(new URL('.', path), { recursive: true });
writeFileSync(path, configurationMarkdown());
process.stdout.write(`wrote ${path.pathname}\n`);
