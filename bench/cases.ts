/** The benchmark's queries, shared by `bench/run.ts` and the cost-estimate test. */

export type Json = Record<string, unknown>;

export interface Case {
  name: string;
  query: string;
  variables?: Record<string, unknown>;
  /** The fewest upstream calls the data needs, computed from the answer. */
  minimum: (data: Record<string, unknown>) => number;
  /** Depth of the chain of dependent upstream calls. */
  depth: number;
}

const nodes = (v: unknown): Json[] => ((v as { nodes?: Json[] } | null)?.nodes ?? []) as Json[];

/** The query whose answer gives the ids the cases use. */
export const PROBE_QUERY =
  '{ organizations(first: 1) { nodes { id spaces(first: 60) { nodes { id pages { id } } } sites(first: 1) { nodes { id } } } } }';

export interface CaseIds {
  orgId: string;
  spaceIds: string[];
  siteId: string;
}

/** The ids of `PROBE_QUERY`'s answer. */
export function probeIds(data: Json): CaseIds {
  const org = nodes(data.organizations)[0] ?? {};
  return {
    orgId: String(org.id ?? ''),
    spaceIds: nodes(org.spaces).map((s) => String(s.id)),
    siteId: String(nodes(org.sites)[0]?.id ?? ''),
  };
}

/** The benchmark's nested queries over the demo data. */
export function benchCases({ orgId, spaceIds, siteId }: CaseIds): Case[] {
  return [
    {
      name: 'org -> spaces -> CRs -> createdBy, comments',
      query: `query($id: ID!) { node(id: $id) { ... on Organization { spaces(first: 10) { nodes { title changeRequests(first: 5, status: OPEN) { nodes { subject createdBy { displayName } comments(first: 3) { nodes { body { markdown } } } } } } } } } }`,
      variables: { id: orgId },
      minimum: (d) => {
        const spaces = nodes((d.node as Json).spaces);
        const crs = spaces.flatMap((s) => nodes(s.changeRequests));
        return 1 + 1 + spaces.length + crs.length;
      },
      depth: 4,
    },
    {
      name: 'space -> pages tree',
      query: `query($id: ID!) { node(id: $id) { ... on Space { title pages { id title pages { id title pages { id title } } } } } }`,
      variables: { id: spaceIds[0] },
      minimum: () => 2,
      depth: 2,
    },
    {
      name: 'site -> sections -> site spaces -> space',
      query: `query($id: ID!) { node(id: $id) { ... on Site { title sections(first: 20) { nodes { title siteSpaces { path space { title emoji } } } } } } }`,
      variables: { id: siteId },
      // Site spaces embed their space, so the space costs nothing.
      minimum: () => 2,
      depth: 2,
    },
    {
      name: 'id-only references',
      query: `query($id: ID!) { node(id: $id) { ... on Space { changeRequests(first: 20) { nodes { id space { id } createdBy { id } } } } } }`,
      variables: { id: spaceIds[0] },
      minimum: () => 2,
      depth: 2,
    },
    {
      name: 'aliased duplicates',
      query: `query($id: ID!) { a: node(id: $id) { ... on Space { title } } b: node(id: $id) { ... on Space { title emoji } } c: node(id: $id) { id } }`,
      variables: { id: spaceIds[0] },
      minimum: () => 1,
      depth: 1,
    },
    {
      name: '1000-item connection',
      query: `{ organizations(first: 1) { nodes { members(first: 1000) { totalCount nodes { id } } spaces(first: 1000) { nodes { id } } } } }`,
      minimum: () => 3,
      depth: 2,
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
      query: `query($id: ID!) { node(id: $id) { ... on Space { title changeRequest(idOrNumber: "999999") { subject } } } }`,
      variables: { id: spaceIds[0] },
      minimum: () => 2,
      depth: 2,
    },
  ];
}
