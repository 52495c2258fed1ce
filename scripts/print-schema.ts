import { writeFileSync } from 'node:fs';
import { printSchema } from 'graphql';
import { subgraph } from '../src/gateway/federation/schema.ts';
import { schema } from '../src/gateway/schema/index.ts';

const path = new URL('../schema/schema.graphql', import.meta.url);
writeFileSync(path, `${printSchema(schema)}\n`);
process.stdout.write(`wrote ${path.pathname}\n`);
// The Federation v2 SDL `docs-graph gateway --federation` answers at `_service { sdl }`.
const subgraphPath = new URL('../schema/subgraph.graphql', import.meta.url);
writeFileSync(subgraphPath, `${subgraph().sdl}\n`);
process.stdout.write(`wrote ${subgraphPath.pathname}\n`);
