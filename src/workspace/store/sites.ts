import { createRequire } from 'node:module';
import type * as AjvModule from 'ajv';
import type { ListPage } from '../../contract/common.ts';
import type {
  CreateSiteBody,
  PublishedSite,
  Site,
  SiteAdaptiveSchema,
  SiteListQuery,
  TemplateConditionList,
  UpdateSiteBody,
} from '../../contract/sites.ts';
import { atLeast, membership } from '../access.ts';
import type { Workspace } from '../context.ts';
import { badRequest, conflict, HttpError, notFound } from '../errors.ts';
import { keysetPage, mapPage } from '../paging.ts';
import { adsOf, featuresOf } from './siteFeatures.ts';
import { StructureRenderer } from './siteStructure/render.ts';
import { addSiteSpace } from './siteStructure/siteSpaces.ts';
import { SiteStructure, slugify, uniquePath } from './siteStructure/structure.ts';
import { type SiteRow, siteBaseUrl, withShareKey } from './siteUrls.ts';

export function getSiteRow(ws: Workspace, organizationId: string, siteId: string) {
  return ws.db
    .prepare('SELECT * FROM sites WHERE id = ? AND organization_id = ?')
    .get(siteId, organizationId) as SiteRow | undefined;
}

/** The site, or 404 "site not found". */
export function requireSite(ws: Workspace, organizationId: string, siteId: string): SiteRow {
  const row = getSiteRow(ws, organizationId, siteId);
  if (!row) throw notFound('site');
  return row;
}

/** Whether the caller may see share keys: organization admins and holders of the right key. */
export function showsShareKey(
  ws: Workspace,
  site: SiteRow,
  callerId: string,
  shareKey?: string,
): boolean {
  if (shareKey !== undefined && shareKey === site.share_key) return true;
  return atLeast(membership(ws.db, site.organization_id, callerId)?.role, 'admin');
}

/** The Site as the caller sees it. */
export function siteJson(ws: Workspace, row: SiteRow, callerId: string, showKey?: boolean): Site {
  const role = membership(ws.db, row.organization_id, callerId)?.role;
  const admin = atLeast(role, 'admin');
  const count = ws.db
    .prepare('SELECT count(*) FROM site_spaces WHERE site_id = ?')
    .pluck()
    .get(row.id) as number;
  const features = featuresOf(row);
  const customizations = parseJson(row.customizations) as { favicon?: { icon?: unknown } };
  const icon = customizations.favicon?.icon as { light?: string; dark?: string } | undefined;
  const base = siteBaseUrl(ws, row);
  const site: Site = {
    object: 'site',
    id: row.id,
    type: row.type as Site['type'],
    title: row.title,
    ...(icon && typeof icon === 'object' ? { icon: { icon } } : {}),
    ...(row.hostname ? { hostname: row.hostname } : {}),
    basename: row.basename,
    ...(row.proxy
      ? {
          proxy: {
            origin: `https://${row.proxy}`,
            target: `${ws.publicUrl}/s/${encodeURIComponent(row.organization_id)}/${encodeURIComponent(row.basename)}`,
          },
        }
      : {}),
    visibility: row.visibility as Site['visibility'],
    published: row.published === 1,
    siteSpaces: count,
    createdAt: row.created_at,
    adaptiveContent: { enabled: row.adaptive_enabled === 1 },
    ads: adsOf(row),
    agentsContext: row.agents_context as Site['agentsContext'],
    features,
    urls: {
      location: `${ws.publicUrl}/v1/orgs/${row.organization_id}/sites/${row.id}`,
      app: `${ws.publicUrl}/app/o/${row.organization_id}/sites/${row.id}`,
      published: withShareKey(row, base, showKey ?? admin),
    },
    permissions: { view: true, admin },
  };
  return site;
}

function parseJson(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function listSites(
  ws: Workspace,
  organizationId: string,
  callerId: string,
  query: SiteListQuery,
): ListPage<Site> {
  const where = ['s.organization_id = ?'];
  const params: unknown[] = [organizationId];
  if (query.space !== undefined) {
    where.push('EXISTS (SELECT 1 FROM site_spaces ss WHERE ss.site_id = s.id AND ss.space_id = ?)');
    params.push(query.space);
  }
  if (query.title !== undefined) {
    where.push('instr(lower(s.title), lower(?)) > 0');
    params.push(query.title);
  }
  if (query.published !== undefined) {
    where.push('s.published = ?');
    params.push(query.published ? 1 : 0);
  }
  const page = keysetPage<SiteRow>(ws.db, {
    select: 'SELECT s.* FROM sites s',
    where,
    params,
    orderBy: [
      { column: 's.created_at', dir: 'asc' },
      { column: 's.id', dir: 'asc' },
    ],
    keyOf: (row: SiteRow) => [row.created_at, row.id],
    limit: query.limit,
    page: query.page,
    scope: JSON.stringify(['sites', organizationId, query.space, query.title, query.published]),
  });
  return mapPage(page, (row) => siteJson(ws, row, callerId));
}

function uniqueBasename(ws: Workspace, organizationId: string, title: string): string {
  const taken = ws.db
    .prepare('SELECT basename FROM sites WHERE organization_id = ?')
    .pluck()
    .all(organizationId) as string[];
  return uniquePath(slugify(title).replace(/^space$/, 'site'), taken);
}

/** Creates a site (unpublished) with the given spaces as root site spaces. */
export function createSite(ws: Workspace, organizationId: string, body: CreateSiteBody): SiteRow {
  const id = ws.ids.next();
  const now = ws.now();
  const title = body.title ?? 'Untitled site';
  ws.db
    .prepare(
      `INSERT INTO sites (id, organization_id, type, title, basename, visibility, share_key,
         created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      organizationId,
      body.type,
      title,
      uniqueBasename(ws, organizationId, title),
      body.visibility ?? 'public',
      ws.ids.next(),
      now,
      now,
    );
  const site = requireSite(ws, organizationId, id);
  for (const spaceId of [...new Set(body.spaces ?? [])]) {
    try {
      addSiteSpace(ws, site, { spaceId });
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) {
        throw badRequest(`spaces: no space ${spaceId} in the organization`);
      }
      throw error;
    }
  }
  return requireSite(ws, organizationId, id);
}

export function updateSite(ws: Workspace, site: SiteRow, body: UpdateSiteBody): SiteRow {
  const st = new SiteStructure(ws, site);
  if (body.basename !== undefined && body.basename !== site.basename) {
    const taken = ws.db
      .prepare('SELECT 1 FROM sites WHERE organization_id = ? AND basename = ? AND id != ?')
      .get(site.organization_id, body.basename, site.id);
    if (taken) throw conflict(`basename: "${body.basename}" is used by another site`);
  }
  let defaultSection = site.default_section_id;
  if (body.defaultSiteSection !== undefined) {
    if (!st.section(body.defaultSiteSection)) {
      throw badRequest('defaultSiteSection: no such section in the site');
    }
    defaultSection = body.defaultSiteSection;
  }
  let defaultSiteSpace = site.default_site_space_id;
  if (body.defaultSiteSpace !== undefined) {
    const sectionId =
      st.sections.length > 0
        ? body.defaultSiteSection !== undefined
          ? body.defaultSiteSection
          : st.defaultSectionId()
        : null;
    const candidate = st.siteSpace(body.defaultSiteSpace);
    if (!candidate || candidate.section_id !== sectionId) {
      throw badRequest(
        sectionId
          ? 'defaultSiteSpace: must be a site space of the default section'
          : 'defaultSiteSpace: no such site space in the site',
      );
    }
    if (sectionId) {
      ws.db
        .prepare('UPDATE site_sections SET default_site_space_id = ? WHERE id = ?')
        .run(candidate.id, sectionId);
    } else {
      defaultSiteSpace = candidate.id;
    }
  }
  ws.db
    .prepare(
      `UPDATE sites SET title = ?, visibility = ?, basename = ?, adaptive_enabled = ?,
         agents_context = ?, default_site_space_id = ?, default_section_id = ?, proxy = ?,
         updated_at = ? WHERE id = ?`,
    )
    .run(
      body.title ?? site.title,
      body.visibility ?? site.visibility,
      body.basename ?? site.basename,
      body.adaptiveContent === undefined
        ? site.adaptive_enabled
        : body.adaptiveContent.enabled
          ? 1
          : 0,
      body.agentsContext ?? site.agents_context,
      defaultSiteSpace,
      defaultSection,
      body.proxy === undefined ? site.proxy : body.proxy,
      ws.now(),
      site.id,
    );
  return requireSite(ws, site.organization_id, site.id);
}

/** Deletes a site; an organization whose default content was that site falls back to none. */
export function deleteSite(ws: Workspace, organizationId: string, siteId: string): void {
  ws.db.transaction(() => {
    const result = ws.db
      .prepare('DELETE FROM sites WHERE id = ? AND organization_id = ?')
      .run(siteId, organizationId);
    if (result.changes === 0) return;
    ws.db
      .prepare(
        `UPDATE organizations SET default_content = NULL
         WHERE id = ? AND json_valid(default_content) AND json_extract(default_content, '$.site') = ?`,
      )
      .run(organizationId, siteId);
  })();
}

export function setPublished(ws: Workspace, site: SiteRow, published: boolean): SiteRow {
  ws.db
    .prepare('UPDATE sites SET published = ?, updated_at = ? WHERE id = ?')
    .run(published ? 1 : 0, ws.now(), site.id);
  return requireSite(ws, site.organization_id, site.id);
}

// ---- Adaptive content -------------------------------------------------------------------------

export function adaptiveSchemaJson(site: SiteRow): SiteAdaptiveSchema {
  if (site.adaptive_schema === null) {
    throw new HttpError(404, 'no visitor attributes schema found');
  }
  return {
    object: 'site-adaptive-schema',
    jsonSchema: parseJson(site.adaptive_schema),
    ...(site.adaptive_schema_updated_at ? { updatedAt: site.adaptive_schema_updated_at } : {}),
  };
}

/** Checks a visitor schema: a compilable JSON Schema draft-07 of `type: object`; 400 otherwise. */
export function validateVisitorSchema(jsonSchema: Record<string, unknown>): void {
  if (jsonSchema.type !== 'object') throw badRequest('jsonSchema.type: must be "object"');
  // Ajv (about 100 modules) loads with the first visitor schema, not with the server.
  const { Ajv } = createRequire(import.meta.url)('ajv') as typeof AjvModule;
  const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: true });
  try {
    if (!ajv.validateSchema(jsonSchema)) {
      const first = ajv.errors?.[0];
      const where = first?.instancePath ? first.instancePath.slice(1).replaceAll('/', '.') : '';
      throw badRequest(
        `jsonSchema${where ? `.${where}` : ''}: ${first?.message ?? 'invalid JSON Schema'}`,
      );
    }
    ajv.compile(jsonSchema);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest(
      `jsonSchema: ${error instanceof Error ? error.message : 'invalid JSON Schema'}`,
    );
  }
}

export function putAdaptiveSchema(
  ws: Workspace,
  site: SiteRow,
  jsonSchema: Record<string, unknown>,
): SiteRow {
  validateVisitorSchema(jsonSchema);
  return storeAdaptiveSchema(ws, site, jsonSchema);
}

/** Stores a visitor schema already known to be valid (`validateVisitorSchema`). */
export function storeAdaptiveSchema(
  ws: Workspace,
  site: SiteRow,
  jsonSchema: Record<string, unknown>,
): SiteRow {
  const now = ws.now();
  ws.db
    .prepare(
      'UPDATE sites SET adaptive_schema = ?, adaptive_schema_updated_at = ?, updated_at = ? WHERE id = ?',
    )
    .run(JSON.stringify(jsonSchema), now, now, site.id);
  return requireSite(ws, site.organization_id, site.id);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function access(base: string, name: string): string {
  return IDENTIFIER.test(name) ? `${base}.${name}` : `${base}[${JSON.stringify(name)}]`;
}

function conditionsOf(
  properties: Record<string, unknown>,
  base: string,
): Array<{ description: string; condition: string }> {
  const items: Array<{ description: string; condition: string }> = [];
  for (const [name, raw] of Object.entries(properties)) {
    if (!raw || typeof raw !== 'object') continue;
    const property = raw as { type?: unknown; enum?: unknown; description?: unknown };
    const path = access(base, name);
    if (property.type === 'boolean') {
      items.push({ description: `Visitor is ${name}`, condition: `${path} === true` });
    } else if (Array.isArray(property.enum)) {
      for (const value of property.enum) {
        if (typeof value !== 'string' && typeof value !== 'number') continue;
        items.push({
          description: `Visitor ${name} is ${value}`,
          condition: `${path} === ${JSON.stringify(value)}`,
        });
      }
    }
  }
  return items;
}

/**
 * Conditions for adaptive content from the visitor schema: for each boolean property
 * `visitor.claims.<name> === true` ("Visitor is <name>"), for each enum value
 * `visitor.claims.<name> === "<value>"` ("Visitor <name> is <value>"); properties of the
 * `unsigned` object the same under `visitor.claims.unsigned.<name>`. No schema: no items.
 */
export function templateConditions(site: SiteRow): TemplateConditionList {
  if (site.adaptive_schema === null) return { items: [] };
  const schema = parseJson(site.adaptive_schema);
  const properties = schema.properties;
  if (!properties || typeof properties !== 'object') return { items: [] };
  const { unsigned, ...signed } = properties as Record<string, unknown>;
  const items = conditionsOf(signed, 'visitor.claims');
  const unsignedProperties = (unsigned as { properties?: unknown } | undefined)?.properties;
  if (unsignedProperties && typeof unsignedProperties === 'object') {
    items.push(
      ...conditionsOf(unsignedProperties as Record<string, unknown>, 'visitor.claims.unsigned'),
    );
  }
  return { items };
}

// ---- Published profile ------------------------------------------------------------------------

/**
 * Members of the site's organization read the profile of any of its sites. Others read it only
 * when the site is published and `public`/`unlisted`, or `share-link` with the right key.
 */
export function publishedSite(
  ws: Workspace,
  organizationId: string,
  siteId: string,
  callerId: string,
  shareKey?: string,
): PublishedSite {
  const site = getSiteRow(ws, organizationId, siteId);
  if (!site) throw notFound('site');
  const member = membership(ws.db, organizationId, callerId);
  const keyMatches = shareKey !== undefined && shareKey === site.share_key;
  if (!member) {
    const open =
      site.published === 1 &&
      (site.visibility === 'public' ||
        site.visibility === 'unlisted' ||
        (site.visibility === 'share-link' && keyMatches));
    if (!open) throw notFound('site');
  }
  const showKey = keyMatches || atLeast(member?.role, 'admin');
  const st = new SiteStructure(ws, site);
  const renderer = new StructureRenderer(st, callerId, showKey);
  const siteSpaces: Record<string, Record<string, unknown>> = {};
  for (const row of st.siteSpaces) {
    if (row.customizations !== null) siteSpaces[row.id] = parseJson(row.customizations);
  }
  const scripts = (() => {
    try {
      const value = JSON.parse(site.scripts) as unknown;
      return Array.isArray(value) ? (value as PublishedSite['scripts']) : [];
    } catch {
      return [];
    }
  })();
  return {
    object: 'published-content-site',
    site: siteJson(ws, site, callerId, showKey),
    structure: renderer.structure(),
    customizations: { site: parseJson(site.customizations), siteSpaces },
    scripts,
  };
}
