import type { CreateSiteSectionBody, UpdateSiteSectionBody } from '../../../contract/sites.ts';
import type { Workspace } from '../../context.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { SiteRow } from '../siteUrls.ts';
import { insertSiteSpace } from './siteSpaces.ts';
import {
  type Child,
  partMove,
  place,
  renumber,
  requireFreePath,
  type SectionRow,
  SiteStructure,
  STEP,
  siteContentSpace,
  slugify,
  touchSite,
  uniquePath,
} from './structure.ts';

/** The section of the structure; 404 otherwise. */
export function requireSection(st: SiteStructure, sectionId: string): SectionRow {
  const row = st.section(sectionId);
  if (!row) throw notFound('site section');
  return row;
}

/**
 * Adds a section holding the given space as its first site space. The first section of a site
 * also takes in the site spaces that were at the root, after the new one.
 */
export function createSection(ws: Workspace, site: SiteRow, body: CreateSiteSectionBody): string {
  const st = new SiteStructure(ws, site);
  const space = siteContentSpace(ws, site, body.spaceId);
  const id = ws.ids.next();
  const title = body.title ?? space.title;
  const path = uniquePath(
    slugify(title),
    st.sections.map((s) => s.path),
  );
  const rootChildren = st.children(null);
  const position = rootChildren.reduce((max, child) => Math.max(max, child.row.position), 0) + STEP;
  ws.db
    .prepare(
      `INSERT INTO site_sections (id, site_id, title, path, icon, position, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(id, site.id, title, path, body.icon ?? null, position, ws.now());
  const fresh = new SiteStructure(ws, site);
  const siteSpaceId = insertSiteSpace(ws, fresh, space, id, STEP);
  if (st.sections.length === 0) {
    const roots = st.siteSpacesOf(null);
    const taken = new Set(new SiteStructure(ws, site).siteSpacesOf(id).map((s) => s.path));
    const move = ws.db.prepare(
      'UPDATE site_spaces SET section_id = ?, position = ?, path = ? WHERE id = ?',
    );
    roots.forEach((root, index) => {
      const rootPath = uniquePath(root.path, taken);
      taken.add(rootPath);
      move.run(id, (index + 2) * STEP, rootPath, root.id);
    });
    ws.db
      .prepare('UPDATE sites SET default_section_id = ?, default_site_space_id = NULL WHERE id = ?')
      .run(id, site.id);
  }
  ws.db
    .prepare('UPDATE site_sections SET default_site_space_id = ? WHERE id = ?')
    .run(siteSpaceId, id);
  touchSite(ws, site.id);
  return id;
}

/** Changes a section; 409 when the path is taken, 400 for a default site space of another section. */
export function updateSection(
  ws: Workspace,
  site: SiteRow,
  sectionId: string,
  body: UpdateSiteSectionBody,
): void {
  const st = new SiteStructure(ws, site);
  const row = requireSection(st, sectionId);
  requireFreePath(row, body.path, st.sections, 'by another section');
  if (body.defaultSiteSpace !== undefined) {
    if (!st.siteSpacesOf(row.id).some((s) => s.id === body.defaultSiteSpace)) {
      throw badRequest('defaultSiteSpace: must be a site space of this section');
    }
  }
  ws.db
    .prepare(
      `UPDATE site_sections SET title = ?, path = ?, default_site_space_id = ?, condition = ?,
         icon = ?, description = ? WHERE id = ?`,
    )
    .run(
      body.title ?? row.title,
      body.path ?? row.path,
      body.defaultSiteSpace ?? row.default_site_space_id,
      body.condition === undefined ? row.condition : body.condition,
      body.icon === undefined ? row.icon : body.icon,
      body.description === undefined ? row.description : body.description,
      row.id,
    );
  touchSite(ws, site.id);
}

/**
 * Moves a section before or after another section of the site; it joins that section's group
 * (or the root).
 */
export const moveSection = partMove({
  key: 'siteSection',
  find: (st, id) => st.section(id),
  accepts: (row, anchor) => anchor.id !== row.id,
  must: 'must be another section of the site',
  require: requireSection,
  apply: (st, row, anchor, where) => {
    const moving: Child = { kind: 'section', row: { ...row, group_id: anchor.group_id } };
    const siblings = st.children(anchor.group_id).filter((c) => c.row.id !== row.id);
    const items = place(
      siblings.map((c) => ({ id: c.row.id, child: c })),
      { id: row.id, child: moving },
      anchor.id,
      where,
    );
    renumber(
      st.ws,
      items.map((i) => i.child),
    );
  },
});
