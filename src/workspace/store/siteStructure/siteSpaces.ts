import type { AddSiteSpaceBody, UpdateSiteSpaceBody } from '../../../contract/sites.ts';
import type { Workspace } from '../../context.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { SiteRow } from '../siteUrls.ts';
import {
  partMove,
  place,
  positionAfter,
  requireFreePath,
  type SiteSpaceRow,
  SiteStructure,
  type SpaceRef,
  STEP,
  siteContentSpace,
  slugify,
  touchSite,
  uniquePath,
} from './structure.ts';

/** Inserts a site space showing `space` in a section (or the root), with a free path. */
export function insertSiteSpace(
  ws: Workspace,
  st: SiteStructure,
  space: SpaceRef,
  sectionId: string | null,
  position: number,
): string {
  const id = ws.ids.next();
  const path = uniquePath(
    slugify(space.title),
    st.siteSpacesOf(sectionId).map((s) => s.path),
  );
  ws.db
    .prepare(
      `INSERT INTO site_spaces (id, site_id, section_id, space_id, path, position, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(id, st.site.id, sectionId, space.id, path, position, ws.now());
  return id;
}

/** Adds a space to the site: in the given section, the default one, or the root. */
export function addSiteSpace(ws: Workspace, site: SiteRow, body: AddSiteSpaceBody): string {
  const st = new SiteStructure(ws, site);
  const space = siteContentSpace(ws, site, body.spaceId);
  let sectionId: string | null;
  if (body.sectionId !== undefined) {
    if (!st.section(body.sectionId)) throw badRequest('sectionId: no such section in the site');
    sectionId = body.sectionId;
  } else {
    sectionId = st.defaultSectionId();
  }
  const id = insertSiteSpace(ws, st, space, sectionId, positionAfter(st.siteSpacesOf(sectionId)));
  touchSite(ws, site.id);
  return id;
}

/** The site space of the structure; 404 otherwise. */
export function requireSiteSpace(st: SiteStructure, siteSpaceId: string): SiteSpaceRow {
  const row = st.siteSpace(siteSpaceId);
  if (!row) throw notFound('site space');
  return row;
}

/** Deprecated site-space move: before or after a sibling (same section, or both at the root). */
export const moveSiteSpace = partMove({
  key: 'siteSpace',
  find: (st, id) => st.siteSpace(id),
  accepts: (row, anchor) => anchor.id !== row.id && anchor.section_id === row.section_id,
  must: 'must be another site space of the same section',
  require: requireSiteSpace,
  apply: (st, row, anchor, where) => {
    const ordered = place(st.siteSpacesOf(row.section_id), row, anchor.id, where);
    const update = st.ws.db.prepare('UPDATE site_spaces SET position = ? WHERE id = ?');
    ordered.forEach((item, index) => {
      update.run((index + 1) * STEP, item.id);
    });
  },
});

/** Changes a site space's path, condition, space or visibility; 409 when the path is taken. */
export function updateSiteSpace(
  ws: Workspace,
  site: SiteRow,
  siteSpaceId: string,
  body: UpdateSiteSpaceBody,
): void {
  const st = new SiteStructure(ws, site);
  const row = requireSiteSpace(st, siteSpaceId);
  requireFreePath(row, body.path, st.siteSpacesOf(row.section_id), 'next to this site space');
  const spaceId =
    body.spaceId !== undefined ? siteContentSpace(ws, site, body.spaceId).id : undefined;
  ws.db
    .prepare(
      `UPDATE site_spaces SET path = ?, condition = ?, space_id = ?, hidden = ? WHERE id = ?`,
    )
    .run(
      body.path ?? row.path,
      body.condition === undefined ? row.condition : body.condition,
      spaceId ?? row.space_id,
      body.hidden === undefined ? row.hidden : body.hidden ? 1 : 0,
      row.id,
    );
  touchSite(ws, site.id);
}
