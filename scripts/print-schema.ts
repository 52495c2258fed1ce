import { writeFileSync } from 'node:fs';
import { printSchema } from 'graphql';
import { schema } from '../src/gateway/schema/index.ts';

const path = new URL('../schema/schema.graphql', import.meta.url);
writeFileSync(path, `${printSchema(schema)}\n`);
process.stdout.write(`wrote ${path.pathname}\n`);
