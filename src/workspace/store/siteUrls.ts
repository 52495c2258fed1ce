import type { Workspace } from '../context.ts';

/** A row of the `sites` table. */
export interface SiteRow {
  id: string;
  organization_id: string;
  type: string;
  title: string;
  basename: string;
  hostname: string | null;
  proxy: string | null;
  visibility: string;
  published: number;
  share_key: string;
  adaptive_enabled: number;
  agents_context: string;
  ads_status: string;
  ads_topic: string | null;
  ads_reason: string | null;
  default_site_space_id: string | null;
  default_section_id: string | null;
  customizations: string;
  scripts: string;
  adaptive_schema: string | null;
  adaptive_schema_updated_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Origin and base path where the site is published. */
export function siteBaseUrl(ws: Workspace, site: SiteRow): string {
  if (site.hostname) return `https://${site.hostname}`;
  if (site.proxy) return `https://${site.proxy}`;
  const org = ws.db
    .prepare('SELECT hostname FROM organizations WHERE id = ?')
    .get(site.organization_id) as { hostname: string | null } | undefined;
  const owner = encodeURIComponent(org?.hostname || site.organization_id);
  return `${ws.publicUrl}/s/${owner}/${encodeURIComponent(site.basename)}`;
}

/** A published URL of a `share-link` site carries its key only for those entitled to it. */
export function withShareKey(site: SiteRow, url: string, showKey: boolean): string {
  if (site.visibility !== 'share-link' || !showKey) return url;
  return `${url}?shareKey=${encodeURIComponent(site.share_key)}`;
}
