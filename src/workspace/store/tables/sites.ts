/**
 * Sites, their section groups, sections and site spaces. Siblings (sections and groups of one
 * container, site spaces of one section or of the root) are ordered by `position`, renumbered
 * 1024, 2048... on every move. Defaults are stored as pointers and resolved at read time: a
 * dangling pointer falls back to the first sibling, so deleting a default promotes the next one.
 */
export const sitesTables = `
CREATE TABLE sites (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  type TEXT NOT NULL DEFAULT 'basic',
  title TEXT NOT NULL,
  basename TEXT NOT NULL,
  hostname TEXT,
  proxy TEXT,
  visibility TEXT NOT NULL DEFAULT 'public',
  published INTEGER NOT NULL DEFAULT 0,
  share_key TEXT NOT NULL,
  adaptive_enabled INTEGER NOT NULL DEFAULT 0,
  agents_context TEXT NOT NULL DEFAULT 'included',
  ads_status TEXT NOT NULL DEFAULT 'pending',
  default_site_space_id TEXT,
  default_section_id TEXT,
  customizations TEXT NOT NULL DEFAULT '{}',
  scripts TEXT NOT NULL DEFAULT '[]',
  adaptive_schema TEXT,
  adaptive_schema_updated_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (organization_id, basename)
);
CREATE INDEX sites_org ON sites(organization_id, created_at, id);

CREATE TABLE site_section_groups (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  parent_id TEXT REFERENCES site_section_groups(id) ON DELETE SET NULL,
  title TEXT NOT NULL,
  icon TEXT,
  position INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX site_section_groups_site ON site_section_groups(site_id, position);

CREATE TABLE site_sections (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  group_id TEXT REFERENCES site_section_groups(id) ON DELETE SET NULL,
  title TEXT NOT NULL,
  description TEXT,
  path TEXT NOT NULL,
  condition TEXT,
  icon TEXT,
  default_site_space_id TEXT,
  position INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX site_sections_site ON site_sections(site_id, position);

CREATE TABLE site_spaces (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  section_id TEXT REFERENCES site_sections(id) ON DELETE CASCADE,
  space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  path TEXT NOT NULL,
  condition TEXT,
  hidden INTEGER NOT NULL DEFAULT 0,
  customizations TEXT,
  position INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX site_spaces_site ON site_spaces(site_id, section_id, position);
CREATE INDEX site_spaces_space ON site_spaces(space_id);
`;
