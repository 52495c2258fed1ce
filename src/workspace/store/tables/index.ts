import { commentsTables } from './comments.ts';
import { contentTables } from './content.ts';
import { coreTables } from './core.ts';
import { openapiConversationTables } from './openapiConversations.ts';
import { samlTranslationTables } from './samlTranslations.ts';
import { sitesTables } from './sites.ts';

/**
 * Versioned migrations, applied in order by `migrate`. Version 1 creates the initial tables,
 * assembled from one part per domain in foreign-key order; later changes append a version, never
 * edit one.
 */
export const migrations: ReadonlyArray<{ version: number; sql: string }> = [
  {
    version: 1,
    sql: [
      coreTables,
      contentTables,
      commentsTables,
      sitesTables,
      openapiConversationTables,
      samlTranslationTables,
    ].join('\n'),
  },
  {
    // Ads in the hosted service's shapes: a review's topic, a rejection's reason; `approved`
    // was this server's name for `live`.
    version: 2,
    sql: `
ALTER TABLE sites ADD COLUMN ads_topic TEXT;
ALTER TABLE sites ADD COLUMN ads_reason TEXT;
UPDATE sites SET ads_status = 'live' WHERE ads_status = 'approved';
`,
  },
];
