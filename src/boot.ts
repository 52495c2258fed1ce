/**
 * The CLI's first import, evaluated before any other module of the CLI loads: V8 flags that only
 * work when set before the heap grows go here (`capYoungGeneration`, see `gateway/ops/memory.ts`).
 */
import { setFlagsFromString } from 'node:v8';
import { capYoungGeneration, startedWith } from './gateway/ops/memory.ts';

// The one read of the environment outside config.ts: the configuration (and zod with it) loads
// after this module, by which time the young generation would already have grown.
capYoungGeneration(setFlagsFromString, startedWith(process.env.NODE_OPTIONS));

// The CLI is a production server unless told otherwise: graphql-js then tests a type with a plain
// `instanceof` instead of also comparing class names across realms, which it does in any other
// mode for every type test of every field it completes.
process.env.NODE_ENV ??= 'production';
