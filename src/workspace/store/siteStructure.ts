import type {
  AddSiteSpaceBody,
  CreateSiteSectionBody,
  CreateSiteSectionGroupBody,
  MoveSiteSectionBody,
  MoveSiteSpaceBody,
  SiteSection,
  SiteSectionGroup,
  SiteSpace,
  UpdateSiteSectionBody,
  UpdateSiteSectionGroupBody,
  UpdateSiteSpaceBody,
} from '../../contract/sites.ts';
import type { Workspace } from '../context.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { type SiteRow, siteBaseUrl, withShareKey } from './siteUrls.ts';
import { embeddedSpace } from './spaces.ts';

export interface SiteSpaceRow {
  id: string;
  site_id: string;
  section_id: string | null;
  space_id: string;
  path: string;
  condition: string | null;
  hidden: number;
  customizations: string | null;
  position: number;
  created_at: string;
}

export interface SectionRow {
  id: string;
  site_id: string;
  group_id: string | null;
  title: string;
  description: string | null;
  path: string;
  condition: string | null;
  icon: string | null;
  default_site_space_id: string | null;
  position: number;
  created_at: string;
}

export interface GroupRow {
  id: string;
  site_id: string;
  parent_id: string | null;
  title: string;
  icon: string | null;
  position: number;
  created_at: string;
}

const STEP = 1024;

/** A child of a container (the site root or a section group): a section or a nested group. */
type Child = { kind: 'section'; row: SectionRow } | { kind: 'group'; row: GroupRow };

/** A site's whole structure, loaded at once (sites hold tens of entries, not thousands). */
export class SiteStructure {
  readonly sections: SectionRow[];
  readonly groups: GroupRow[];
  readonly siteSpaces: SiteSpaceRow[];

  constructor(
    readonly ws: Workspace,
    readonly site: SiteRow,
  ) {
    const db = ws.db;
    this.sections = db
      .prepare('SELECT * FROM site_sections WHERE site_id = ? ORDER BY position, id')
      .all(site.id) as SectionRow[];
    this.groups = db
      .prepare('SELECT * FROM site_section_groups WHERE site_id = ? ORDER BY position, id')
      .all(site.id) as GroupRow[];
    this.siteSpaces = db
      .prepare('SELECT * FROM site_spaces WHERE site_id = ? ORDER BY position, id')
      .all(site.id) as SiteSpaceRow[];
  }

  section(id: string): SectionRow | undefined {
    return this.sections.find((s) => s.id === id);
  }

  group(id: string): GroupRow | undefined {
    return this.groups.find((g) => g.id === id);
  }

  siteSpace(id: string): SiteSpaceRow | undefined {
    return this.siteSpaces.find((s) => s.id === id);
  }

  /** Sections and groups directly in a container, in order. */
  children(groupId: string | null): Child[] {
    const items: Child[] = [
      ...this.sections
        .filter((s) => s.group_id === groupId)
        .map((row) => ({ kind: 'section' as const, row })),
      ...this.groups
        .filter((g) => g.parent_id === groupId)
        .map((row) => ({ kind: 'group' as const, row })),
    ];
    return items.sort(
      (a, b) => a.row.position - b.row.position || a.row.id.localeCompare(b.row.id),
    );
  }

  /** Site spaces of a section (or of the root, `null`), in order. */
  siteSpacesOf(sectionId: string | null): SiteSpaceRow[] {
    return this.siteSpaces.filter((s) => s.section_id === sectionId);
  }

  /**
   * Depth-first order keys: zero-padded sibling positions joined by `/`, so that string order is
   * tree order and a key stays valid as a keyset cursor while other entries come and go.
   */
  treeKeys(): Map<string, string> {
    const keys = new Map<string, string>();
    const walk = (groupId: string | null, prefix: string, depth: number) => {
      if (depth > 64) return;
      for (const child of this.children(groupId)) {
        const key = `${prefix}${pad(child.row.position)}:${child.row.id}/`;
        keys.set(child.row.id, key);
        if (child.kind === 'group') walk(child.row.id, key, depth + 1);
      }
    };
    walk(null, '', 0);
    return keys;
  }

  /** Sections in tree order. */
  orderedSections(): SectionRow[] {
    const keys = this.treeKeys();
    return [...this.sections].sort((a, b) =>
      (keys.get(a.id) ?? '').localeCompare(keys.get(b.id) ?? ''),
    );
  }

  /** The effective default section: the stored one if it still exists, else the first. */
  defaultSectionId(): string | null {
    if (this.sections.length === 0) return null;
    const stored = this.site.default_section_id;
    if (stored && this.section(stored)) return stored;
    return this.orderedSections()[0]?.id ?? null;
  }

  /** The effective default site space of a section (or of the root). */
  defaultSiteSpaceId(sectionId: string | null): string | null {
    const candidates = this.siteSpacesOf(sectionId);
    const stored =
      sectionId === null
        ? this.site.default_site_space_id
        : (this.section(sectionId)?.default_site_space_id ?? null);
    if (stored && candidates.some((c) => c.id === stored)) return stored;
    return candidates[0]?.id ?? null;
  }

  /** Site spaces in structure order (by section in tree order, then position). */
  orderedSiteSpaces(): Array<{ row: SiteSpaceRow; key: string }> {
    const keys = this.treeKeys();
    return this.siteSpaces
      .map((row) => ({
        row,
        key: `${row.section_id ? (keys.get(row.section_id) ?? '') : ''}${pad(row.position)}:${row.id}`,
      }))
      .sort((a, b) => a.key.localeCompare(b.key));
  }
}

function pad(position: number): string {
  return String(Math.max(0, Math.floor(position))).padStart(15, '0');
}

/** URL-safe slug of a title, for default paths. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90)
    .replace(/-+$/g, '');
  return slug || 'space';
}

/** `base`, or `base-2`, `base-3`... whichever is not taken. */
export function uniquePath(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) {
    const candidate = `${base}-${i}`;
    if (!used.has(candidate)) return candidate;
  }
}

// ---- Rendering --------------------------------------------------------------------------------

/** Renders a site's structure for one caller. */
export class StructureRenderer {
  private readonly base: string;
  private readonly spaceCache = new Map<string, ReturnType<typeof embeddedSpace>>();

  constructor(
    readonly st: SiteStructure,
    readonly callerId: string,
    /** Whether published URLs carry the share key (admins, or the right `shareKey`). */
    readonly showKey: boolean,
  ) {
    this.base = siteBaseUrl(st.ws, st.site);
  }

  private published(path: string): string {
    return withShareKey(this.st.site, `${this.base}${path}`, this.showKey);
  }

  private space(spaceId: string) {
    let space = this.spaceCache.get(spaceId);
    if (!space) {
      space = embeddedSpace(this.st.ws, spaceId, this.callerId);
      this.spaceCache.set(spaceId, space);
    }
    return space;
  }

  siteSpace(row: SiteSpaceRow): SiteSpace {
    const section = row.section_id ? this.st.section(row.section_id) : undefined;
    const space = this.space(row.space_id);
    return {
      object: 'site-space',
      id: row.id,
      path: row.path,
      ...(row.section_id ? { section: row.section_id } : {}),
      space,
      title: space.title,
      default: this.st.defaultSiteSpaceId(row.section_id) === row.id,
      ...(row.condition !== null ? { condition: row.condition } : {}),
      hasAdvancedCustomizationFeature: this.st.site.type === 'ultimate',
      hidden: row.hidden === 1,
      urls: { published: this.published(`${section ? `/${section.path}` : ''}/${row.path}`) },
    };
  }

  section(row: SectionRow): SiteSection {
    return {
      object: 'site-section',
      id: row.id,
      title: row.title,
      ...(row.description !== null ? { description: row.description } : {}),
      default: this.st.defaultSectionId() === row.id,
      path: row.path,
      ...(row.condition !== null ? { condition: row.condition } : {}),
      ...(row.group_id ? { sectionGroup: row.group_id } : {}),
      siteSpaces: this.st.siteSpacesOf(row.id).map((ss) => this.siteSpace(ss)),
      urls: { published: this.published(`/${row.path}`) },
      ...(row.icon !== null ? { icon: row.icon } : {}),
    };
  }

  group(row: GroupRow, depth = 0): SiteSectionGroup {
    return {
      object: 'site-section-group',
      id: row.id,
      title: row.title,
      ...(row.parent_id ? { sectionGroup: row.parent_id } : {}),
      ...(row.icon !== null ? { icon: row.icon } : {}),
      children:
        depth > 64
          ? []
          : this.st
              .children(row.id)
              .map((child) =>
                child.kind === 'section'
                  ? this.section(child.row)
                  : this.group(child.row, depth + 1),
              ),
    };
  }

  /** The root of the published structure: sections and groups, or the root site spaces. */
  structure():
    | { type: 'sections'; structure: Array<SiteSection | SiteSectionGroup> }
    | { type: 'site-spaces'; structure: SiteSpace[] } {
    if (this.st.sections.length > 0) {
      return {
        type: 'sections',
        structure: this.st
          .children(null)
          .map((child) =>
            child.kind === 'section' ? this.section(child.row) : this.group(child.row),
          ),
      };
    }
    return {
      type: 'site-spaces',
      structure: this.st.siteSpacesOf(null).map((row) => this.siteSpace(row)),
    };
  }
}

// ---- Mutations --------------------------------------------------------------------------------

interface SpaceRef {
  id: string;
  title: string;
}

/** A space of the site's organization that can be published (not deleted); 400 otherwise. */
export function siteContentSpace(ws: Workspace, site: SiteRow, spaceId: string): SpaceRef {
  const space = ws.db
    .prepare(
      'SELECT id, title FROM spaces WHERE id = ? AND organization_id = ? AND deleted_at IS NULL',
    )
    .get(spaceId, site.organization_id) as SpaceRef | undefined;
  if (!space) throw badRequest('spaceId: no such space in the organization of the site');
  return space;
}

function touch(ws: Workspace, siteId: string) {
  ws.db.prepare('UPDATE sites SET updated_at = ? WHERE id = ?').run(ws.now(), siteId);
}

function nextPosition(items: Array<{ position: number }>): number {
  return items.reduce((max, item) => Math.max(max, item.position), 0) + STEP;
}

/** Writes positions 1024, 2048... for the given siblings, in order. */
function renumber(ws: Workspace, children: Child[]) {
  const section = ws.db.prepare('UPDATE site_sections SET position = ?, group_id = ? WHERE id = ?');
  const group = ws.db.prepare('UPDATE site_section_groups SET position = ? WHERE id = ?');
  children.forEach((child, index) => {
    const position = (index + 1) * STEP;
    if (child.kind === 'section') section.run(position, child.row.group_id, child.row.id);
    else group.run(position, child.row.id);
  });
}

function insertSiteSpace(
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
  const id = insertSiteSpace(ws, st, space, sectionId, nextPosition(st.siteSpacesOf(sectionId)));
  touch(ws, site.id);
  return id;
}

export function requireSiteSpace(st: SiteStructure, siteSpaceId: string): SiteSpaceRow {
  const row = st.siteSpace(siteSpaceId);
  if (!row) throw notFound('site space');
  return row;
}

export function updateSiteSpace(
  ws: Workspace,
  site: SiteRow,
  siteSpaceId: string,
  body: UpdateSiteSpaceBody,
): void {
  const st = new SiteStructure(ws, site);
  const row = requireSiteSpace(st, siteSpaceId);
  if (body.path !== undefined && body.path !== row.path) {
    const taken = st
      .siteSpacesOf(row.section_id)
      .some((s) => s.id !== row.id && s.path === body.path);
    if (taken) throw conflict(`path: "${body.path}" is already used next to this site space`);
  }
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
  touch(ws, site.id);
}

export function deleteSiteSpace(ws: Workspace, site: SiteRow, siteSpaceId: string): void {
  const result = ws.db
    .prepare('DELETE FROM site_spaces WHERE id = ? AND site_id = ?')
    .run(siteSpaceId, site.id);
  if (result.changes > 0) touch(ws, site.id);
}

/** Reorders `items` so that `moving` sits before or after `anchor`. */
function place<T extends { id: string }>(
  items: T[],
  moving: T,
  anchorId: string,
  where: 'before' | 'after',
): T[] {
  const rest = items.filter((item) => item.id !== moving.id);
  const index = rest.findIndex((item) => item.id === anchorId);
  rest.splice(where === 'before' ? index : index + 1, 0, moving);
  return rest;
}

/** Deprecated site-space move: before or after a sibling (same section, or both at the root). */
export function moveSiteSpace(
  ws: Workspace,
  site: SiteRow,
  siteSpaceId: string,
  body: MoveSiteSpaceBody,
): void {
  const st = new SiteStructure(ws, site);
  const row = requireSiteSpace(st, siteSpaceId);
  const where = body.position.before ? 'before' : 'after';
  const anchorId = (body.position.before ?? body.position.after)?.siteSpace ?? '';
  const anchor = st.siteSpace(anchorId);
  if (!anchor || anchor.id === row.id || anchor.section_id !== row.section_id) {
    throw badRequest(`position.${where}.siteSpace: must be another site space of the same section`);
  }
  const ordered = place(st.siteSpacesOf(row.section_id), row, anchor.id, where);
  const update = ws.db.prepare('UPDATE site_spaces SET position = ? WHERE id = ?');
  ordered.forEach((item, index) => {
    update.run((index + 1) * STEP, item.id);
  });
  touch(ws, site.id);
}

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
  touch(ws, site.id);
  return id;
}

export function updateSection(
  ws: Workspace,
  site: SiteRow,
  sectionId: string,
  body: UpdateSiteSectionBody,
): void {
  const st = new SiteStructure(ws, site);
  const row = requireSection(st, sectionId);
  if (body.path !== undefined && body.path !== row.path) {
    if (st.sections.some((s) => s.id !== row.id && s.path === body.path)) {
      throw conflict(`path: "${body.path}" is already used by another section`);
    }
  }
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
  touch(ws, site.id);
}

export function deleteSection(ws: Workspace, site: SiteRow, sectionId: string): void {
  const result = ws.db
    .prepare('DELETE FROM site_sections WHERE id = ? AND site_id = ?')
    .run(sectionId, site.id);
  if (result.changes > 0) touch(ws, site.id);
}

/**
 * Moves a section before or after another section of the site; it joins that section's group
 * (or the root).
 */
export function moveSection(
  ws: Workspace,
  site: SiteRow,
  sectionId: string,
  body: MoveSiteSectionBody,
): void {
  const st = new SiteStructure(ws, site);
  const row = requireSection(st, sectionId);
  const where = body.position.before ? 'before' : 'after';
  const anchorId = (body.position.before ?? body.position.after)?.siteSection ?? '';
  const anchor = st.section(anchorId);
  if (!anchor || anchor.id === row.id) {
    throw badRequest(`position.${where}.siteSection: must be another section of the site`);
  }
  const moving: Child = { kind: 'section', row: { ...row, group_id: anchor.group_id } };
  const siblings = st.children(anchor.group_id).filter((c) => c.row.id !== row.id);
  const items = place(
    siblings.map((c) => ({ id: c.row.id, child: c })),
    { id: row.id, child: moving },
    anchor.id,
    where,
  );
  renumber(
    ws,
    items.map((i) => i.child),
  );
  touch(ws, site.id);
}

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
      nextPosition(st.children(parent).map((c) => c.row)),
      ws.now(),
    );
  if (sectionIds.length > 0) moveSectionsInto(ws, st, id, sectionIds);
  touch(ws, site.id);
  return id;
}

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
  touch(ws, site.id);
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
  touch(ws, site.id);
}

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
  touch(ws, site.id);
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
  touch(ws, site.id);
}
