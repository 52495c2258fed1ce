/**
 * The CLI's first import, evaluated before any other module of the CLI loads: V8 flags that only
 * work when set before the heap grows go here (`capYoungGeneration`, see `gateway/ops/memory.ts`).
 */
import { capYoungGeneration } from './gateway/ops/memory.ts';

capYoungGeneration();
