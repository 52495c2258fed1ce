import type {
  CreateSiteSectionGroupBody,
  UpdateSiteSectionGroupBody,
} from '../../../contract/sites.ts';
import type { Workspace } from '../../context.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { SiteRow } from '../siteUrls.ts';
import {
  type Child,
  type GroupRow,
  positionAfter,
  renumber,
  SiteStructure,
  touchSite,
} from './structure.ts';

/** The section group of the structure; 404 otherwise. */
export function requireGroup(st: SiteStructure, groupId: string): GroupRow {
  const row = st.group(groupId);
  if (!row) throw notFound('site section group');
  return row;
}

function moveSectionsInto(ws: Workspace, st: SiteStructure, groupId: string, sectionIds: string[]) {
  const fresh = new SiteStructure(ws, st.site);
  const existing = fresh.children(groupId).filter((c) => !sectionIds.includes(c.row.id));
  const moved: Child[] = sectionIds.map((id) => {
    const row = fresh.section(id);
    if (!row) throw badRequest(`sections: no section ${id} in the site`);
    return { kind: 'section', row: { ...row, group_id: groupId } };
  });
  renumber(ws, [...existing, ...moved]);
}

/** Adds a section group (in a parent group or the root), moving the given sections into it. */
export function createGroup(
  ws: Workspace,
  site: SiteRow,
  body: CreateSiteSectionGroupBody,
): string {
  const st = new SiteStructure(ws, site);
  const parent = body.parent ?? null;
  if (parent !== null && !st.group(parent)) {
    throw badRequest('parent: no such section group in the site');
  }
  const sectionIds = [...new Set(body.sections ?? [])];
  for (const sectionId of sectionIds) {
    if (!st.section(sectionId)) throw badRequest(`sections: no section ${sectionId} in the site`);
  }
  const id = ws.ids.next();
  ws.db
    .prepare(
      `INSERT INTO site_section_groups (id, site_id, parent_id, title, icon, position, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      site.id,
      parent,
      body.title,
      body.icon ?? null,
      positionAfter(st.children(parent).map((c) => c.row)),
      ws.now(),
    );
  if (sectionIds.length > 0) moveSectionsInto(ws, st, id, sectionIds);
  touchSite(ws, site.id);
  return id;
}

/** Changes a group's title or icon. */
export function updateGroup(
  ws: Workspace,
  site: SiteRow,
  groupId: string,
  body: UpdateSiteSectionGroupBody,
): void {
  const st = new SiteStructure(ws, site);
  const row = requireGroup(st, groupId);
  ws.db
    .prepare('UPDATE site_section_groups SET title = ?, icon = ? WHERE id = ?')
    .run(body.title ?? row.title, body.icon === undefined ? row.icon : body.icon, row.id);
  touchSite(ws, site.id);
}

/** Deletes a group; its sections and nested groups take its place in its parent. */
export function deleteGroup(ws: Workspace, site: SiteRow, groupId: string): void {
  const st = new SiteStructure(ws, site);
  const row = st.group(groupId);
  if (!row) return;
  const siblings = st.children(row.parent_id);
  const inner = st
    .children(row.id)
    .map(
      (child): Child =>
        child.kind === 'section'
          ? { kind: 'section', row: { ...child.row, group_id: row.parent_id } }
          : { kind: 'group', row: { ...child.row, parent_id: row.parent_id } },
    );
  const reparent = ws.db.prepare('UPDATE site_section_groups SET parent_id = ? WHERE id = ?');
  for (const child of inner) if (child.kind === 'group') reparent.run(row.parent_id, child.row.id);
  const ordered = siblings.flatMap((child) => (child.row.id === row.id ? inner : [child]));
  renumber(ws, ordered);
  ws.db.prepare('DELETE FROM site_section_groups WHERE id = ?').run(row.id);
  touchSite(ws, site.id);
}

/** Moves a section into a group, after its other children. */
export function addSectionToGroup(
  ws: Workspace,
  site: SiteRow,
  groupId: string,
  sectionId: string,
): void {
  const st = new SiteStructure(ws, site);
  requireGroup(st, groupId);
  if (!st.section(sectionId)) throw badRequest('sectionId: no such section in the site');
  moveSectionsInto(ws, st, groupId, [sectionId]);
  touchSite(ws, site.id);
}

/** Takes a section out of a group, right after the group in the group's parent. */
export function removeSectionFromGroup(
  ws: Workspace,
  site: SiteRow,
  groupId: string,
  sectionId: string,
): void {
  const st = new SiteStructure(ws, site);
  const group = st.group(groupId);
  const section = st.section(sectionId);
  if (!group || !section || section.group_id !== group.id) return;
  const moving: Child = { kind: 'section', row: { ...section, group_id: group.parent_id } };
  const ordered = st
    .children(group.parent_id)
    .flatMap((child) => (child.row.id === group.id ? [child, moving] : [child]));
  renumber(ws, ordered);
  touchSite(ws, site.id);
}
