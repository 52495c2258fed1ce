// REST `/v1` resources for FakeUpstream routes: the fields every one of them needs, overridable.

type Extra = Record<string, unknown>;

/** A `/v1` list page of `items`, with a `next` page token when given. */
export const listPage = <T>(items: T[], next?: string) => ({
  count: items.length,
  items,
  ...(next ? { next: { page: next } } : {}),
});

/** A `/v1` organization `id`. */
export const restOrganization = (id: string, extra: Extra = {}) => ({
  object: 'organization',
  id,
  title: `Org ${id}`,
  createdAt: '2024-01-01T00:00:00.000Z',
  emailDomains: [],
  type: 'business',
  inviteLinks: true,
  plan: 'pro_2024',
  mergeRules: { type: 'rules', rules: [] },
  ...extra,
});

/** A `/v1` collection `id` of organization `o1`. */
export const restCollection = (id: string, extra: Extra = {}) => ({
  object: 'collection',
  id,
  title: `Collection ${id}`,
  organization: 'o1',
  defaultLevel: null,
  ...extra,
});

/** A private `/v1` space `id` of organization `o1`, with no comments or change requests. */
export const restSpace = (id: string, extra: Extra = {}) => ({
  object: 'space',
  id,
  title: `Space ${id}`,
  emoji: '📘',
  visibility: 'private',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-02T00:00:00.000Z',
  mergeRules: { type: 'inherit' },
  organization: 'o1',
  revision: 'r1',
  defaultLevel: null,
  comments: 0,
  changeRequests: 0,
  changeRequestsOpen: 0,
  changeRequestsDraft: 0,
  ...extra,
});

/** A `/v1` user `id`. */
export const restUser = (id: string) => ({ object: 'user', id, displayName: `User ${id}` });

/** A `/v1` comment `id` of space `s1` posted by `u1`, with `body` as given. */
export const restComment = (id: string, body: unknown) => ({
  object: 'comment',
  id,
  postedBy: restUser('u1'),
  postedAt: '2024-01-01T00:00:00.000Z',
  reactions: [],
  replies: 0,
  repliers: [],
  body,
  target: { space: 's1' },
  urls: {},
  permissions: { view: true },
  status: 'open',
});
