/** OpenAPI specs and their versions; ingested conversations, their issues and issue clusters. */
export const openapiConversationTables = `
CREATE TABLE openapi_specs (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  slug TEXT NOT NULL,
  source_url TEXT NOT NULL,
  visibility TEXT NOT NULL DEFAULT 'private',
  processing_state TEXT NOT NULL DEFAULT 'pending',
  last_version_id TEXT,
  last_processed_at TEXT,
  last_error_code TEXT,
  last_errors TEXT NOT NULL DEFAULT '[]',
  -- Bumped by every (re)processing request; a job only writes while its generation is current.
  generation INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (organization_id, slug)
);
CREATE INDEX openapi_specs_org ON openapi_specs(organization_id, created_at, id);

CREATE TABLE openapi_versions (
  id TEXT PRIMARY KEY,
  spec_id TEXT NOT NULL REFERENCES openapi_specs(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  file_name TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  content TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (spec_id, seq)
);

CREATE TABLE conversations (
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  subject TEXT,
  source TEXT NOT NULL,
  impact TEXT,
  url TEXT,
  attributes TEXT NOT NULL DEFAULT '{}',
  metadata_created_at TEXT,
  parts TEXT NOT NULL,
  created_at TEXT NOT NULL,
  processed_at TEXT NOT NULL,
  PRIMARY KEY (organization_id, id)
);
CREATE INDEX conversations_list ON conversations(organization_id, created_at, id);
CREATE INDEX conversations_source ON conversations(organization_id, source, created_at, id);

CREATE TABLE conversation_clusters (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  label TEXT NOT NULL,
  -- The label's normalized word set (space separated), matched against new issue titles.
  words TEXT NOT NULL,
  icon TEXT NOT NULL,
  muted INTEGER NOT NULL DEFAULT 0,
  impact TEXT NOT NULL DEFAULT 'low',
  impact_rank INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX conversation_clusters_org ON conversation_clusters(organization_id, seq);

CREATE TABLE conversation_issues (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  conversation_id TEXT NOT NULL,
  cluster_id TEXT NOT NULL REFERENCES conversation_clusters(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  title TEXT NOT NULL,
  excerpt TEXT NOT NULL,
  impact TEXT NOT NULL,
  created_at TEXT NOT NULL,
  ingested_at TEXT NOT NULL,
  FOREIGN KEY (organization_id, conversation_id)
    REFERENCES conversations(organization_id, id) ON DELETE CASCADE
);
CREATE INDEX conversation_issues_list ON conversation_issues(organization_id, created_at, id);
CREATE INDEX conversation_issues_conversation ON conversation_issues(organization_id, conversation_id);
CREATE INDEX conversation_issues_cluster ON conversation_issues(cluster_id, created_at);
`;
