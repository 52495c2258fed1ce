import { writeFileSync } from 'node:fs';
import { subgraph } from '../src/gateway/federation/schema.ts';
import { servedSdl } from './served-schema.ts';

// The schema as `/graphql` serves it (introspected), so `@defer` and `@stream` are declared.
const path = new URL('../schema/schema.graphql', import.meta.url);
writeFileSync(path, await servedSdl());
process.stdout.write(`wrote ${path.pathname}\n`);
// The Federation v2 SDL `docs-graph gateway --federation` answers at `_service { sdl }`.
const subgraphPath = new URL('../schema/subgraph.graphql', import.meta.url);
writeFileSync(subgraphPath, `${subgraph().sdl}\n`);
process.stdout.write(`wrote ${subgraphPath.pathname}\n`);
