/** Users, tokens, organizations, members, teams, collections and spaces. */
export const coreTables = `
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  display_name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  email_verified INTEGER NOT NULL DEFAULT 1,
  photo_url TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE tokens (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  label TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE organizations (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  created_at TEXT NOT NULL,
  email_domains TEXT NOT NULL DEFAULT '[]',
  hostname TEXT,
  type TEXT NOT NULL DEFAULT 'business',
  use_case TEXT,
  community_type TEXT,
  default_role TEXT,
  default_content TEXT,
  logo TEXT,
  sso INTEGER NOT NULL DEFAULT 0,
  ai INTEGER NOT NULL DEFAULT 1,
  invite_links INTEGER NOT NULL DEFAULT 1,
  plan TEXT NOT NULL DEFAULT 'free_2024',
  merge_rules TEXT NOT NULL DEFAULT '{"type":"rules","rules":[]}',
  custom_hostname TEXT,
  extra TEXT NOT NULL DEFAULT '{}'
);

CREATE TABLE link_invites (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  role TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE members (
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT,
  disabled INTEGER NOT NULL DEFAULT 0,
  sso INTEGER NOT NULL DEFAULT 0,
  joined_at TEXT NOT NULL,
  last_seen_at TEXT,
  PRIMARY KEY (organization_id, user_id)
);

CREATE TABLE teams (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX teams_org ON teams(organization_id, created_at, id);

CREATE TABLE team_members (
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT NOT NULL DEFAULT 'member',
  added_at TEXT NOT NULL,
  PRIMARY KEY (team_id, user_id)
);

-- A team's level on a collection or a space (inherited by the spaces of the collection).
CREATE TABLE team_permissions (
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  target_type TEXT NOT NULL CHECK (target_type IN ('space', 'collection')),
  target_id TEXT NOT NULL,
  role TEXT NOT NULL,
  PRIMARY KEY (team_id, target_type, target_id)
);

CREATE TABLE collections (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  parent_id TEXT REFERENCES collections(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  description TEXT,
  default_level TEXT,
  position REAL NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX collections_org ON collections(organization_id, position, id);

CREATE TABLE spaces (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  parent_id TEXT REFERENCES collections(id) ON DELETE SET NULL,
  title TEXT NOT NULL,
  emoji TEXT NOT NULL DEFAULT '',
  visibility TEXT NOT NULL DEFAULT 'private',
  edit_mode TEXT NOT NULL DEFAULT 'live',
  merge_rules TEXT NOT NULL DEFAULT '{"type":"inherit"}',
  language TEXT,
  default_level TEXT,
  revision_id TEXT NOT NULL,
  share_key TEXT,
  git_sync TEXT,
  visitor_auth TEXT,
  position REAL NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT
);
CREATE INDEX spaces_org ON spaces(organization_id, position, id);
CREATE INDEX spaces_parent ON spaces(parent_id, position, id);
CREATE INDEX spaces_deleted ON spaces(deleted_at) WHERE deleted_at IS NOT NULL;
CREATE INDEX members_user ON members(user_id);
`;
