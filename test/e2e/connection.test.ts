import { afterAll, beforeAll, expect, it } from 'vitest';
import { type E2EStack, startE2E } from '../support/gateway.ts';

let e2e: E2EStack;
let orgId: string;

beforeAll(async () => {
  e2e = await startE2E();
  const { body } = await e2e.gql('{ organizations { nodes { id title } } }');
  const orgs = (body.data as { organizations: { nodes: Array<{ id: string; title: string }> } })
    .organizations.nodes;
  orgId = orgs.find((o) => o.title === 'Acme Docs')?.id ?? '';
});
afterAll(() => e2e.close());

type Page = {
  edges: Array<{ cursor: string; node: { id: string } }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
};

async function membersPage(first: number, after: string | null): Promise<Page> {
  const { body } = await e2e.gql(
    `query($id: ID!, $first: Int, $after: String) { organization(id: $id) {
       members(first: $first, after: $after) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } } } }`,
    { id: orgId, first, after },
  );
  expect(body.errors).toBeUndefined();
  return (body.data as { organization: { members: Page } }).organization.members;
}

it('resumes after its item when members join above it in the same REST page', async () => {
  // Members list newest first: a member who joins now lands before the cursor, in its page.
  const firstPage = await membersPage(3, null);
  expect(firstPage.edges).toHaveLength(3);
  const seen = firstPage.edges.map((e) => e.node.id);

  // A user joins now, concurrently: newest first, they land before the cursor in its page.
  const { ws } = e2e.stack;
  const outsider = ws.db
    .prepare('SELECT id FROM users WHERE email = ?')
    .get('otto@elsewhere.test') as { id: string };
  const acme = ws.db.prepare("SELECT id FROM organizations WHERE title = 'Acme Docs'").get() as {
    id: string;
  };
  ws.db
    .prepare(
      "INSERT INTO members (organization_id, user_id, role, joined_at) VALUES (?, ?, 'read', ?)",
    )
    .run(acme.id, outsider.id, new Date(Date.now() + 60_000).toISOString());

  let after = firstPage.pageInfo.endCursor;
  let hasNext = firstPage.pageInfo.hasNextPage;
  while (hasNext) {
    const page = await membersPage(4, after);
    seen.push(...page.edges.map((e) => e.node.id));
    after = page.pageInfo.endCursor;
    hasNext = page.pageInfo.hasNextPage;
  }
  expect(new Set(seen).size).toBe(seen.length);
  const now = (await membersPage(1000, null)).edges.map((e) => e.node.id);
  const newcomer = now.filter((id) => !seen.includes(id));
  expect(newcomer).toHaveLength(1);
  expect([...seen].sort()).toEqual(now.filter((id) => id !== newcomer[0]).sort());
});
