/** Revisions, pages, files and change requests. Page and file ids are stable across revisions. */
export const contentTables = `
CREATE TABLE revisions (
  id TEXT PRIMARY KEY,
  space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  change_request_id TEXT,
  type TEXT NOT NULL DEFAULT 'edits',
  parents TEXT NOT NULL DEFAULT '[]',
  variables TEXT NOT NULL DEFAULT '{}',
  git TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX revisions_space ON revisions(space_id, created_at);

CREATE TABLE pages (
  revision_id TEXT NOT NULL REFERENCES revisions(id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  parent_id TEXT,
  position INTEGER NOT NULL DEFAULT 0,
  title TEXT NOT NULL,
  slug TEXT NOT NULL,
  emoji TEXT,
  description TEXT,
  type TEXT NOT NULL DEFAULT 'document',
  markdown TEXT NOT NULL DEFAULT '',
  hidden INTEGER NOT NULL DEFAULT 0,
  extra TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (revision_id, id)
);
CREATE INDEX pages_parent ON pages(revision_id, parent_id, position);

CREATE TABLE files (
  revision_id TEXT NOT NULL REFERENCES revisions(id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  width INTEGER,
  height INTEGER,
  data BLOB,
  PRIMARY KEY (revision_id, id)
);

CREATE TABLE change_requests (
  id TEXT PRIMARY KEY,
  space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  number INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'draft',
  subject TEXT NOT NULL DEFAULT '',
  description TEXT,
  created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  revision_id TEXT NOT NULL,
  revision_initial TEXT NOT NULL,
  revision_merged_ancestor TEXT,
  revision_merged TEXT,
  conversations_issues_cluster TEXT,
  requested_reviewers TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (space_id, number)
);
CREATE INDEX change_requests_space ON change_requests(space_id, status, updated_at, id);

-- Users who made a revision of a change request (the contributor filter).
CREATE TABLE change_request_contributors (
  change_request_id TEXT NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (change_request_id, user_id)
);
-- Full-text index of the pages of each space's current revision (see store/search.ts).
CREATE VIRTUAL TABLE page_search USING fts5(
  title, body, revision_id UNINDEXED, page_id UNINDEXED,
  tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TABLE search_revisions (
  revision_id TEXT PRIMARY KEY,
  space_id TEXT NOT NULL
);
CREATE INDEX search_revisions_space ON search_revisions(space_id);

-- Unguessable links to the PDF export of a change request.
CREATE TABLE change_request_exports (
  token TEXT PRIMARY KEY,
  change_request_id TEXT NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
  revision_id TEXT NOT NULL,
  page_id TEXT,
  only INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
`;
