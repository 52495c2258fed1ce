import { commentsSchema } from './comments.ts';
import { contentSchema } from './content.ts';
import { coreSchema } from './core.ts';
import { insightsSchema } from './insights.ts';
import { orgtoolsSchema } from './orgtools.ts';
import { sitesSchema } from './sites.ts';

/**
 * Versioned migrations, applied in order by `migrate`. Version 1 is the initial schema, assembled
 * from one part per domain in foreign-key order; later changes append a version, never edit one.
 */
export const migrations: ReadonlyArray<{ version: number; sql: string }> = [
  {
    version: 1,
    sql: [
      coreSchema,
      contentSchema,
      commentsSchema,
      sitesSchema,
      insightsSchema,
      orgtoolsSchema,
    ].join('\n'),
  },
];
