import type { ListPage } from '../../../contract/common.ts';
import type { Member } from '../../../contract/members.ts';
import type { Workspace } from '../../context.ts';
import { keysetPage, withItems } from '../../paging.ts';
import { memberJson } from '../memberRows.ts';

/**
 * One page of the organization members who commented or replied in the space (on its main
 * content or on any of its change requests), ordered by user id.
 */
export function listCommenters(
  ws: Workspace,
  space: { id: string; organizationId: string },
  query: { page?: string | undefined; limit: number },
): ListPage<Member> {
  const page = keysetPage<{ user_id: string }>(ws.db, {
    select: 'SELECT m.user_id FROM members m',
    where: [
      'm.organization_id = ?',
      `m.user_id IN (
         SELECT posted_by FROM comments WHERE space_id = ?
         UNION
         SELECT r.posted_by FROM comment_replies r JOIN comments c ON c.id = r.comment_id
         WHERE c.space_id = ?)`,
    ],
    params: [space.organizationId, space.id, space.id],
    orderBy: [{ column: 'm.user_id', dir: 'asc' }],
    keyOf: (row: { user_id: string }) => [row.user_id],
    limit: query.limit,
    page: query.page,
    scope: JSON.stringify(['commenters', space.id]),
  });
  const items: Member[] = [];
  for (const row of page.items) {
    const member = memberJson(ws, space.organizationId, row.user_id);
    if (member) items.push(member);
  }
  return withItems(page, items);
}
