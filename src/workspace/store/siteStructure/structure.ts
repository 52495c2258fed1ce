import type { Workspace } from '../../context.ts';
import { badRequest, conflict } from '../../errors.ts';
import type { SiteRow } from '../siteUrls.ts';

/** A row of `site_spaces`. */
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

/** A row of `site_sections`. */
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

/** A row of `site_section_groups`. */
export interface GroupRow {
  id: string;
  site_id: string;
  parent_id: string | null;
  title: string;
  icon: string | null;
  position: number;
  created_at: string;
}

/** Gap between sibling positions, so that a move rewrites only the moved level. */
export const STEP = 1024;

/** A child of a container (the site root or a section group): a section or a nested group. */
export type Child = { kind: 'section'; row: SectionRow } | { kind: 'group'; row: GroupRow };

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

/**
 * 409 when an update gives `row` a new `path` that one of its `siblings` already has; `where`
 * names the siblings in the message (`by another section`).
 */
export function requireFreePath(
  row: { id: string; path: string },
  path: string | undefined,
  siblings: readonly { id: string; path: string }[],
  where: string,
): void {
  if (path === undefined || path === row.path) return;
  if (siblings.some((s) => s.id !== row.id && s.path === path)) {
    throw conflict(`path: "${path}" is already used ${where}`);
  }
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

// ---- Shared by the writes of site spaces, sections and groups ---------------------------------

/** A space that a site space can show. */
export interface SpaceRef {
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

/** Bumps the site's `updatedAt`. */
export function touchSite(ws: Workspace, siteId: string) {
  ws.db.prepare('UPDATE sites SET updated_at = ? WHERE id = ?').run(ws.now(), siteId);
}

/** The position after the last of `items`. */
export function positionAfter(items: Array<{ position: number }>): number {
  return items.reduce((max, item) => Math.max(max, item.position), 0) + STEP;
}

/** Writes positions 1024, 2048... for the given siblings, in order. */
export function renumber(ws: Workspace, children: Child[]) {
  const section = ws.db.prepare('UPDATE site_sections SET position = ?, group_id = ? WHERE id = ?');
  const group = ws.db.prepare('UPDATE site_section_groups SET position = ? WHERE id = ?');
  children.forEach((child, index) => {
    const position = (index + 1) * STEP;
    if (child.kind === 'section') section.run(position, child.row.group_id, child.row.id);
    else group.run(position, child.row.id);
  });
}

/** Reorders `items` so that `moving` sits before or after `anchor`. */
export function place<T extends { id: string }>(
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

/** Removes a part of a site (a section or a site space) from `table`; absent is not an error. */
export function deletePart(
  ws: Workspace,
  site: SiteRow,
  table: 'site_sections' | 'site_spaces',
  id: string,
): void {
  const result = ws.db
    .prepare(`DELETE FROM ${table} WHERE id = ? AND site_id = ?`)
    .run(id, site.id);
  if (result.changes > 0) touchSite(ws, site.id);
}

/** How a part of a site (a section, a site space) moves before or after a sibling. */
interface PartMove<K extends string, R extends { id: string }> {
  /** Its key in a position anchor (`siteSection`). */
  key: K;
  /** The sibling a position names. */
  find: (st: SiteStructure, id: string) => R | undefined;
  /** True when `anchor` is a place `row` may move next to; `must` says what it must be. */
  accepts: (row: R, anchor: R) => boolean;
  must: string;
  /** The part being moved (404 when the site has none such). */
  require: (st: SiteStructure, id: string) => R;
  /** Writes the new order. */
  apply: (st: SiteStructure, row: R, anchor: R, where: 'before' | 'after') => void;
}

/**
 * The move of a part of a site before or after a sibling: the side is `before` when given, else
 * `after`; 400 naming `position.<side>.<key>` when the sibling is missing or not accepted.
 */
export function partMove<K extends string, R extends { id: string }>(part: PartMove<K, R>) {
  return (
    ws: Workspace,
    site: SiteRow,
    id: string,
    body: { position: { before?: Record<K, string>; after?: Record<K, string> } },
  ): void => {
    const st = new SiteStructure(ws, site);
    const row = part.require(st, id);
    const { position } = body;
    const where = position.before ? 'before' : 'after';
    const anchor = part.find(st, (position.before ?? position.after)?.[part.key] ?? '');
    if (!anchor || !part.accepts(row, anchor)) {
      throw badRequest(`position.${where}.${part.key}: ${part.must}`);
    }
    part.apply(st, row, anchor, where);
    touchSite(ws, site.id);
  };
}
