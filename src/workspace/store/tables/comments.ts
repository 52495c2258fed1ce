/** Comments, replies and reactions, on spaces and on change requests. */
export const commentsTables = `
CREATE TABLE comments (
  id TEXT PRIMARY KEY,
  space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  change_request_id TEXT REFERENCES change_requests(id) ON DELETE CASCADE,
  page_id TEXT,
  node_id TEXT,
  table_cell TEXT,
  posted_by TEXT NOT NULL REFERENCES users(id),
  posted_at TEXT NOT NULL,
  edited_at TEXT,
  body TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open',
  resolved_at TEXT,
  resolved_by TEXT REFERENCES users(id),
  -- The revision (of the space or of the change request) the comment was posted on.
  revision_id TEXT
);
CREATE INDEX comments_space ON comments(space_id, change_request_id, posted_at, id);

CREATE TABLE comment_replies (
  id TEXT PRIMARY KEY,
  comment_id TEXT NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
  posted_by TEXT NOT NULL REFERENCES users(id),
  posted_at TEXT NOT NULL,
  edited_at TEXT,
  body TEXT NOT NULL
);
CREATE INDEX comment_replies_comment ON comment_replies(comment_id, posted_at, id);

-- target_type 'comment' or 'reply'; one row per user and emoji.
CREATE TABLE reactions (
  target_type TEXT NOT NULL,
  target_id TEXT NOT NULL,
  emoji TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reacted_at TEXT NOT NULL,
  PRIMARY KEY (target_type, target_id, emoji, user_id)
);

-- Reactions point at comments and replies without a foreign key (two target tables); these keep
-- them from outliving their target, also when a space or change request purge cascades.
CREATE TRIGGER comments_delete_reactions AFTER DELETE ON comments BEGIN
  DELETE FROM reactions WHERE target_type = 'comment' AND target_id = OLD.id;
END;
CREATE TRIGGER comment_replies_delete_reactions AFTER DELETE ON comment_replies BEGIN
  DELETE FROM reactions WHERE target_type = 'reply' AND target_id = OLD.id;
END;
`;
