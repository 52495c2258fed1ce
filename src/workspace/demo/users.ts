import type { Role } from '../../contract/common.ts';
import { hashToken } from '../auth.ts';
import type { Workspace } from '../context.ts';

export type DemoPersona = Role | 'outsider';

/** The demo users: one per role of "Acme Docs", and one outsider with no membership. */
export const DEMO_USERS: ReadonlyArray<{
  persona: DemoPersona;
  token: string;
  displayName: string;
  email: string;
}> = [
  { persona: 'admin', token: 'dg_demo_admin', displayName: 'Ada Admin', email: 'ada@acme.test' },
  {
    persona: 'create',
    token: 'dg_demo_create',
    displayName: 'Cai Creator',
    email: 'cai@acme.test',
  },
  {
    persona: 'review',
    token: 'dg_demo_review',
    displayName: 'Rae Reviewer',
    email: 'rae@acme.test',
  },
  { persona: 'edit', token: 'dg_demo_edit', displayName: 'Eli Editor', email: 'eli@acme.test' },
  {
    persona: 'comment',
    token: 'dg_demo_comment',
    displayName: 'Cora Commenter',
    email: 'cora@acme.test',
  },
  { persona: 'read', token: 'dg_demo_read', displayName: 'Remy Reader', email: 'remy@acme.test' },
  {
    persona: 'outsider',
    token: 'dg_demo_outsider',
    displayName: 'Otto Outsider',
    email: 'otto@elsewhere.test',
  },
];

/** Bearer tokens of the demo users, by persona. */
export const DEMO_TOKENS = Object.fromEntries(
  DEMO_USERS.map((u) => [u.persona, u.token]),
) as Record<DemoPersona, string>;

/** Inserts a user with one bearer token (stored hashed); returns the user id. */
export function insertUser(
  ws: Workspace,
  user: { displayName: string; email: string; token?: string; photoURL?: string },
): string {
  const id = ws.ids.next();
  const now = ws.now();
  ws.db
    .prepare(
      'INSERT INTO users (id, display_name, email, photo_url, created_at) VALUES (?, ?, ?, ?, ?)',
    )
    .run(id, user.displayName, user.email, user.photoURL ?? null, now);
  if (user.token) {
    ws.db
      .prepare('INSERT INTO tokens (token_hash, user_id, label, created_at) VALUES (?, ?, ?, ?)')
      .run(hashToken(user.token), id, 'demo', now);
  }
  return id;
}

/** Creates the demo users; returns their ids by persona. */
export function seedUsers(ws: Workspace): Record<DemoPersona, string> {
  const ids = {} as Record<DemoPersona, string>;
  for (const user of DEMO_USERS) ids[user.persona] = insertUser(ws, user);
  return ids;
}
