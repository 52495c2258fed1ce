/** SAML single sign-on providers and translations (teams live in the core tables). */
export const samlTranslationTables = `
CREATE TABLE saml_providers (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  label TEXT NOT NULL,
  entity_id TEXT,
  certificate TEXT,
  sso_url TEXT,
  default_team_id TEXT REFERENCES teams(id) ON DELETE SET NULL,
  default_role TEXT NOT NULL DEFAULT 'read',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX saml_providers_org ON saml_providers(organization_id, created_at, id);

CREATE TABLE translations (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  source_space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  source_language TEXT NOT NULL,
  language TEXT NOT NULL,
  instructions TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  -- 1 from the run request until the job starts, so that a second run is refused meanwhile.
  run_queued INTEGER NOT NULL DEFAULT 0,
  result_space_id TEXT REFERENCES spaces(id) ON DELETE SET NULL,
  result_revision_id TEXT,
  runs INTEGER NOT NULL DEFAULT 0,
  total_words INTEGER NOT NULL DEFAULT 0,
  total_pages INTEGER NOT NULL DEFAULT 0,
  total_duration INTEGER NOT NULL DEFAULT 0,
  latest_run_duration INTEGER NOT NULL DEFAULT 0,
  latest_pages INTEGER NOT NULL DEFAULT 0,
  latest_words INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (source_space_id, language)
);
CREATE INDEX translations_org ON translations(organization_id, created_at, id);
`;
