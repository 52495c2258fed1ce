import type { DemoContext } from './context.ts';
import type { DemoPersona } from './users.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Upper bound of the timestamps one thread uses (post, edit, replies, reactions, resolve). */
const EVENTS_PER_THREAD = 16;

/** Who comments in the demo (every persona with at least the comment role). */
const COMMENTERS: DemoPersona[] = ['comment', 'edit', 'review', 'admin', 'create'];
const EMOJI = ['👍', '🎉', '❤️', '👀', '🚀'];

const SPACE_COMMENTS = [
  'This page could use an example of the full request and response.',
  'The second paragraph contradicts the limits table. Which one is right?',
  'Typo in the heading: "recieve" should be "receive".',
  'Can we link to the migration guide from here?\n\nReaders keep asking for it in support.',
  'Screenshots are out of date since the new navigation shipped.',
  'Is this still accurate for the self-hosted edition?',
  'Great explanation, thanks! Maybe add a short summary at the top.',
  'The code sample fails with `TypeError: fetch is not a function` on Node 16.',
];

const CHANGE_REQUEST_COMMENTS = [
  'Looks good overall; a few wording nits inline.',
  'Please split the rename into its own change request, it is hard to review together.',
  'Did we check that the links still resolve after moving these pages?',
  'Approving once the example is updated.',
  '## Review notes\n\nThe new section reads well.\n\nConsider moving the FAQ to the end.',
];

const REPLIES = [
  'Good catch, fixing it now.',
  'Agreed.',
  'I asked the product team, will report back.',
  'Done in the latest revision.',
  'Not sure: the API changed last month, let me verify.',
  '+1, I had the same question.',
];

/**
 * Comments with replies and reactions on several demo spaces and change requests, by different
 * personas, some resolved. Deterministic: fixed texts, positions and offsets from the clock.
 */
export function seedComments(demo: DemoContext): void {
  const { ws } = demo;
  const db = ws.db;
  const now = ws.clock.now().getTime();
  // Each target's events are spread evenly between its creation (at most two weeks ago) and now,
  // so no comment predates what it is about and none lies in the future.
  let at = () => new Date(now).toISOString();
  const timeline = (createdAt: string, threads: number) => {
    const from = Math.max(new Date(createdAt).getTime() || now, now - 14 * 24 * HOUR_MS);
    const step = Math.max(0, now - from) / (threads * EVENTS_PER_THREAD + 1);
    let tick = 0;
    at = () => new Date(Math.round(from + ++tick * step)).toISOString();
  };
  const user = (index: number) => demo.users[COMMENTERS[index % COMMENTERS.length] ?? 'comment'];

  const insertComment = db.prepare(
    `INSERT INTO comments (id, space_id, change_request_id, page_id, node_id, posted_by, posted_at,
       edited_at, body, status, resolved_at, resolved_by, revision_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertReply = db.prepare(
    'INSERT INTO comment_replies (id, comment_id, posted_by, posted_at, body) VALUES (?, ?, ?, ?, ?)',
  );
  const insertReaction = db.prepare(
    `INSERT OR IGNORE INTO reactions (target_type, target_id, emoji, user_id, reacted_at)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const pagesOf = db.prepare(
    'SELECT id FROM pages WHERE revision_id = ? ORDER BY parent_id IS NOT NULL, position, id LIMIT 6',
  );

  let n = 0;
  const addThread = (target: {
    spaceId: string;
    changeRequestId: string | null;
    revisionId: string;
    pageId: string | null;
    body: string;
  }) => {
    const k = n++;
    const id = ws.ids.next();
    const postedAt = at();
    const author = user(k);
    const resolved = k % 3 === 2;
    const edited = k % 5 === 1;
    insertComment.run(
      id,
      target.spaceId,
      target.changeRequestId,
      target.pageId,
      target.pageId && k % 4 === 0 ? `node-${k}` : null,
      author,
      postedAt,
      edited ? at() : null,
      target.body,
      resolved ? 'resolved' : 'open',
      null,
      null,
      target.revisionId,
    );
    const replies = k % 4;
    for (let r = 0; r < replies; r++) {
      const replyId = ws.ids.next();
      insertReply.run(replyId, id, user(k + r + 1), at(), REPLIES[(k + r) % REPLIES.length]);
      if ((k + r) % 2 === 0) insertReaction.run('reply', replyId, '👍', author, at());
    }
    const reactors = k % 3;
    for (let r = 0; r < reactors; r++) {
      insertReaction.run('comment', id, EMOJI[(k + r) % EMOJI.length], user(k + r + 2), at());
      if (r === 0) insertReaction.run('comment', id, EMOJI[k % EMOJI.length], user(k + 4), at());
    }
    if (resolved) {
      db.prepare('UPDATE comments SET resolved_at = ?, resolved_by = ? WHERE id = ?').run(
        at(),
        user(k + 1),
        id,
      );
    }
  };

  const spaces = db
    .prepare(
      `SELECT id, revision_id, created_at FROM spaces
       WHERE organization_id = ? AND deleted_at IS NULL ORDER BY position, id LIMIT ?`,
    )
    .all(demo.organizationId, 8 * demo.scale) as Array<{
    id: string;
    revision_id: string;
    created_at: string;
  }>;
  spaces.forEach((space, s) => {
    const pages = (pagesOf.all(space.revision_id) as Array<{ id: string }>).map((p) => p.id);
    const count = 2 + (s % 3);
    timeline(space.created_at, count);
    for (let c = 0; c < count; c++) {
      addThread({
        spaceId: space.id,
        changeRequestId: null,
        revisionId: space.revision_id,
        pageId: pages.length && c % 3 !== 2 ? (pages[(s + c) % pages.length] ?? null) : null,
        body: SPACE_COMMENTS[(s * 3 + c) % SPACE_COMMENTS.length] ?? '',
      });
    }
  });

  const changeRequests = db
    .prepare(
      `SELECT cr.id, cr.space_id, cr.revision_id, cr.created_at FROM change_requests cr
       JOIN spaces s ON s.id = cr.space_id
       WHERE s.organization_id = ? AND s.deleted_at IS NULL
       ORDER BY s.position, s.id, cr.number LIMIT ?`,
    )
    .all(demo.organizationId, 6 * demo.scale) as Array<{
    id: string;
    space_id: string;
    revision_id: string;
    created_at: string;
  }>;
  changeRequests.forEach((cr, i) => {
    const pages = (pagesOf.all(cr.revision_id) as Array<{ id: string }>).map((p) => p.id);
    const count = 1 + (i % 3);
    timeline(cr.created_at, count);
    for (let c = 0; c < count; c++) {
      addThread({
        spaceId: cr.space_id,
        changeRequestId: cr.id,
        revisionId: cr.revision_id,
        pageId: pages.length && c % 2 === 0 ? (pages[(i + c) % pages.length] ?? null) : null,
        body: CHANGE_REQUEST_COMMENTS[(i * 2 + c) % CHANGE_REQUEST_COMMENTS.length] ?? '',
      });
    }
  });
}
