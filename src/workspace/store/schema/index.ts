import { commentsSchema } from './comments.ts';
import { contentSchema } from './content.ts';
import { coreSchema } from './core.ts';
import { insightsSchema } from './insights.ts';
import { orgtoolsSchema } from './orgtools.ts';

/**
 * Versioned migrations, applied in order by `migrate`. Version 1 is the initial schema, assembled
 * from one part per domain in foreign-key order; later changes append a version, never edit one.
 */
export const migrations: ReadonlyArray<{ version: number; sql: string }> = [
  {
    version: 1,
    sql: [coreSchema, contentSchema, commentsSchema, insightsSchema, orgtoolsSchema].join('\n'),
  },
];
