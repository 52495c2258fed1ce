/** The benchmark's queries, shared by `bench/run.ts` and the cost-estimate test. */

export type Json = Record<string, unknown>;

export interface Case {
  name: string;
  query: string;
  variables?: Record<string, unknown>;
  /** The fewest upstream calls the data needs, computed from the answer. */
  minimum: (data: Record<string, unknown>) => number;
  /** Dependency depth: the longest chain of calls where each needs the previous answer. */
  depth: number;
}

const nodes = (v: unknown): Json[] => ((v as { nodes?: Json[] } | null)?.nodes ?? []) as Json[];

/** The query whose answer gives the ids the cases use. */
export const PROBE_QUERY = `{ organizations(first: 1) { nodes { id
  spaces(first: 60) { nodes { id pages { id } changeRequests(first: 1) { nodes { number } } } }
  sites(first: 1) { nodes { id } } } } }`;

export interface CaseIds {
  orgId: string;
  spaceIds: string[];
  siteId: string;
  /** A space with pages and a change request, its first page and that change request's number. */
  contentSpaceId: string;
  pageId: string;
  changeRequestNumber: string;
}

/** The ids of `PROBE_QUERY`'s answer. */
export function probeIds(data: Json): CaseIds {
  const org = nodes(data.organizations)[0] ?? {};
  const spaces = nodes(org.spaces);
  const content =
    spaces.find(
      (s) => ((s.pages as Json[] | undefined) ?? []).length > 0 && nodes(s.changeRequests)[0],
    ) ?? {};
  return {
    orgId: String(org.id ?? ''),
    spaceIds: spaces.map((s) => String(s.id)),
    siteId: String(nodes(org.sites)[0]?.id ?? ''),
    contentSpaceId: String(content.id ?? ''),
    pageId: String(((content.pages as Json[] | undefined) ?? [])[0]?.id ?? ''),
    changeRequestNumber: String(nodes(content.changeRequests)[0]?.number ?? ''),
  };
}

/** Pages of a tree answer, at every depth. */
/** The pages of a tree that have Markdown (documents). */
const documentCount = (pages: unknown): number =>
  ((pages as Json[] | undefined) ?? []).reduce(
    (n, p) => n + (typeof p.markdown === 'string' ? 1 : 0) + documentCount(p.pages),
    0,
  );

const PAGE = 'id title path markdown';
/** The example app's change request view: both page trees, three levels, with Markdown. */
const PAGE_TREE = `pages { ${PAGE} pages { ${PAGE} pages { ${PAGE} } } }`;

/** The benchmark's nested queries over the demo data. */
export function benchCases(ids: CaseIds): Case[] {
  const { orgId, spaceIds, siteId, contentSpaceId, pageId, changeRequestNumber } = ids;
  return [
    {
      name: 'organization -> spaces (address known)',
      query: `query($id: ID!) { organization(id: $id) { spaces(first: 20) { nodes { title } } } }`,
      variables: { id: orgId },
      minimum: () => 1,
      depth: 1,
    },
    {
      name: 'dashboard, 4 levels',
      query: `query($id: ID!) { organization(id: $id) { title spaces(first: 5) { nodes { title
        changeRequests(first: 3) { nodes { subject createdBy { displayName }
          comments(first: 3) { nodes { body { markdown }
            replies(first: 3) { nodes { body { markdown } } } } } } } } } } }`,
      variables: { id: orgId },
      // The organization, its spaces, then per space its change requests, per change request
      // its comments, per comment its replies.
      minimum: (d) => {
        const spaces = nodes((d.organization as Json).spaces);
        const crs = spaces.flatMap((s) => nodes(s.changeRequests));
        const comments = crs.flatMap((c) => nodes(c.comments));
        return 2 + spaces.length + crs.length + comments.length;
      },
      depth: 4,
    },
    {
      name: 'org -> spaces -> CRs -> comments',
      query: `query($id: ID!) { organization(id: $id) { spaces(first: 10) { nodes { title
        changeRequests(first: 5, status: OPEN) { nodes { subject createdBy { displayName }
          comments(first: 3) { nodes { body { markdown } } } } } } } } }`,
      variables: { id: orgId },
      minimum: (d) => {
        const spaces = nodes((d.organization as Json).spaces);
        return 1 + spaces.length + spaces.flatMap((s) => nodes(s.changeRequests)).length;
      },
      depth: 3,
    },
    {
      name: 'space -> pages tree',
      query: `query($id: ID!) { space(id: $id) { title pages { id title pages { id title pages { id title } } } } }`,
      variables: { id: contentSpaceId },
      minimum: () => 2,
      depth: 1,
    },
    {
      name: 'page with its markdown',
      query: `query($space: ID!, $page: ID!) { space(id: $space) { page(id: $page) { title path description markdown pages { title } } } }`,
      variables: { space: contentSpaceId, page: pageId },
      minimum: () => 1,
      depth: 1,
    },
    {
      name: 'change request diff view',
      query: `query($space: ID!, $cr: String!) {
        changeRequest(spaceId: $space, idOrNumber: $cr) { id ${PAGE_TREE} }
        space(id: $space) { id ${PAGE_TREE} } }`,
      variables: { space: contentSpaceId, cr: changeRequestNumber },
      // The change request (named by number: read for its id) beside its page tree and the
      // space's, then each document's Markdown once per revision (the tree does not carry
      // Markdown; groups and links have none).
      minimum: (d) => {
        const cr = d.changeRequest as Json;
        const space = d.space as Json;
        return 1 + 2 + documentCount(cr.pages) + documentCount(space.pages);
      },
      depth: 2,
    },
    {
      name: 'aliases differing in first',
      query: `query($id: ID!) { organization(id: $id) { a: spaces(first: 5) { nodes { title } } b: spaces(first: 20) { nodes { title } } } }`,
      variables: { id: orgId },
      minimum: () => 1,
      depth: 1,
    },
    {
      name: 'site -> sections -> site spaces -> space',
      query: `query($id: ID!) { node(id: $id) { ... on Site { title sections(first: 20) { nodes { title siteSpaces { path space { title emoji } } } } } } }`,
      variables: { id: siteId },
      // The site (node reads verify it), then its sections; site spaces embed their space.
      minimum: () => 2,
      depth: 2,
    },
    {
      name: 'id-only references',
      query: `query($id: ID!) { space(id: $id) { changeRequests(first: 20) { nodes { id space { id } createdBy { id } } } } }`,
      variables: { id: contentSpaceId },
      minimum: () => 1,
      depth: 1,
    },
    {
      name: 'aliased duplicates',
      query: `query($id: ID!) { a: node(id: $id) { ... on Space { title } } b: node(id: $id) { ... on Space { title emoji } } c: node(id: $id) { id } }`,
      variables: { id: spaceIds[0] },
      minimum: () => 1,
      depth: 1,
    },
    {
      name: '1000-item connections',
      query: `query($id: ID!) { organization(id: $id) { members(first: 1000) { totalCount nodes { id } } spaces(first: 1000) { nodes { id } } } }`,
      variables: { id: orgId },
      minimum: () => 2,
      depth: 1,
    },
    {
      name: 'nodes over 50 ids',
      query: `query($ids: [ID!]!) { nodes(ids: $ids) { id ... on Space { title } } }`,
      variables: { ids: spaceIds.slice(0, 50) },
      minimum: () => Math.min(50, spaceIds.length),
      depth: 1,
    },
    {
      name: 'upstream 404 in a nested field',
      query: `query($id: ID!) { space(id: $id) { title changeRequest(idOrNumber: "999999") { subject } } }`,
      variables: { id: contentSpaceId },
      minimum: () => 2,
      depth: 1,
    },
  ];
}
