import {
  type DocumentNode,
  type ExecutionResult,
  execute,
  type GraphQLNamedType,
  type GraphQLObjectType,
  parse,
} from 'graphql';
import { ENUMS } from '../../src/contract/common.ts';
import { createContext } from '../../src/gateway/context.ts';
import { withFieldErrors } from '../../src/gateway/plugins/shape.ts';
import { schema } from '../../src/gateway/schema/index.ts';
import type {
  Upstream,
  UpstreamRequest,
  UpstreamResponse,
} from '../../src/gateway/upstream/client.ts';
import { errorFromResponse } from '../../src/gateway/upstream/errors.ts';
import { routeTemplate } from '../../src/gateway/upstream/routes.ts';
import { createTestWorkspace, type TestWorkspace } from '../support/workspace.ts';
import { placesAlong, selectionOf } from './graph.ts';

/**
 * Shape fuzzing: real answers of the embedded workspace for nested queries of every domain,
 * replayed to the gateway with one damage at a time (a member removed, set to null, given
 * another JSON type, an unknown enum value, unknown members, an extra item of an unknown kind).
 * For each damage the oracle checks that the query still answers, that its errors are
 * `UPSTREAM_SHAPE` (or the `NOT_FOUND` of a changed reference) at the places that read the
 * damaged value, and that every other value is the undamaged answer's; a member the spec does not
 * mark always present, removed or null, is no error at all (it reads as null).
 *
 * Where a value shows in the graph is learnt by probing: the same value changed within its type
 * (each leaf under it), whose differences in the answer are the places that read it.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Pointer = Array<string | number>;
type Path = ReadonlyArray<string | number>;

export interface Answer {
  status: number;
  body: unknown;
}

/** A generated query and the upstream answers it got from the workspace. */
export interface Recorded {
  name: string;
  text: string;
  document: DocumentNode;
  variables: Record<string, unknown>;
  answers: Map<string, Answer>;
  baseline: Response;
}

export interface Response {
  data: Json;
  errors: Array<{ message: string; path?: Path; extensions?: Record<string, Json> }>;
}

/** One place of one answer to damage: the pattern generalises array indices (`items[].id`). */
export interface Site {
  query: Recorded;
  path: string;
  route: string;
  pointer: Pointer;
  pattern: string;
  value: unknown;
  inObject: boolean;
}

export type DamageKind =
  | 'removed'
  | 'null'
  | 'string'
  | 'number'
  | 'object'
  | 'array'
  | 'unknown-enum'
  | 'unknown-fields'
  | 'extra-item';

export interface Damage {
  site: Site;
  kind: DamageKind;
}

export interface Violation {
  damage: string;
  problem: string;
}

// ---------------------------------------------------------------------------------------------
// Upstreams: the workspace (recorded) and a replay of its answers (with one damage).

class RecordingUpstream implements Upstream {
  readonly answers = new Map<string, Answer>();
  constructor(private readonly workspace: TestWorkspace) {}

  async request(req: UpstreamRequest): Promise<UpstreamResponse> {
    const response = await this.workspace.request(req.method, `/v1${req.path}`, {
      as: 'admin',
      ...(req.body !== undefined ? { body: req.body } : {}),
    });
    this.answers.set(req.path, { status: response.status, body: response.body });
    if (response.status >= 300) throw errorFromResponse(response.status, response.body, req.path);
    return { status: response.status, body: response.body, attempts: 1 };
  }

  async close(): Promise<void> {}
}

class ReplayUpstream implements Upstream {
  constructor(
    private readonly answers: Map<string, Answer>,
    private readonly override?: { path: string; body: unknown },
  ) {}

  async request(req: UpstreamRequest): Promise<UpstreamResponse> {
    const answer = this.answers.get(req.path);
    // An address the workspace was not asked for comes from a changed value: it fails loudly
    // (a 404 could be read as an absent object and hide where the value went).
    if (!answer) {
      throw errorFromResponse(500, { error: { code: 500, message: 'not recorded' } }, req.path);
    }
    if (answer.status >= 300) throw errorFromResponse(answer.status, answer.body, req.path);
    const body = this.override?.path === req.path ? this.override.body : answer.body;
    return { status: answer.status, body, attempts: 1 };
  }

  async close(): Promise<void> {}
}

async function run(upstream: Upstream, query: Recorded | Omit<Recorded, 'answers' | 'baseline'>) {
  const contextValue = createContext(upstream, 'Bearer fuzz', false);
  const result = await execute({
    schema,
    document: query.document,
    variableValues: query.variables,
    contextValue,
  });
  return JSON.parse(JSON.stringify(withFieldErrors(result as ExecutionResult, contextValue))) as {
    data?: Json;
    errors?: Response['errors'];
  };
}

const normalise = (result: { data?: Json; errors?: Response['errors'] }): Response => ({
  data: result.data ?? null,
  errors: result.errors ?? [],
});

/** Runs a recorded query against `answers` (its own, or changed ones) replayed as the upstream. */
export async function replay(query: Recorded, answers: Map<string, Answer>): Promise<Response> {
  return normalise(await run(new ReplayUpstream(answers), query));
}

// ---------------------------------------------------------------------------------------------
// The queries: every connection of an organization, then every Node type by its ID, in detail.

const type = (name: string) => schema.getType(name) as GraphQLNamedType;

function nodeQuery(typename: string, selection: string): string {
  return `query($id: ID!) { node(id: $id) { __typename ... on ${typename} ${selection} } }`;
}

/** Global IDs by type name found anywhere in a response (objects selecting `__typename` and `id`). */
function collectIds(value: unknown, into: Map<string, string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectIds(item, into);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const object = value as Record<string, unknown>;
  const typename = object.__typename;
  if (typeof typename === 'string' && typeof object.id === 'string' && !into.has(typename)) {
    const named = schema.getType(typename);
    const isNode =
      named && 'getInterfaces' in named && named.getInterfaces().some((i) => i.name === 'Node');
    if (isNode) into.set(typename, object.id);
  }
  for (const member of Object.values(object)) collectIds(member, into);
}

/** The space, change request and comment of an organization with the most comments and replies. */
async function discover(workspace: TestWorkspace, orgId: string): Promise<Map<string, string>> {
  const requests = ['OPEN', 'DRAFT', 'MERGED', 'ARCHIVED']
    .map(
      (s) =>
        `${s.toLowerCase()}: changeRequests(first: 100, status: ${s}) { nodes { id commentsCount } }`,
    )
    .join(' ');
  const text = `query($id: ID!) { node(id: $id) { ... on Organization {
    spaces(first: 100) { nodes { id commentsCount ${requests}
      comments(first: 100) { nodes { id repliesCount } } } } } } }`;
  const result = await run(new RecordingUpstream(workspace), {
    name: 'discover',
    text,
    document: parse(text),
    variables: { id: orgId },
  });
  type Counted = { id: string; commentsCount?: number | null; repliesCount?: number | null };
  type Found = Counted & Record<string, { nodes: Counted[] }>;
  const spaces = (result.data as { node: { spaces: { nodes: Found[] } } }).node.spaces.nodes;
  const score = (item: Counted) => item.commentsCount ?? item.repliesCount ?? 0;
  const most = (list: Counted[]) =>
    list.reduce((best, item) => (score(item) > score(best) ? item : best));
  const pick = (typename: string, list: Counted[]) => {
    if (list.length > 0) out.set(typename, most(list).id);
  };
  const out = new Map<string, string>();
  pick('Space', spaces);
  pick(
    'ChangeRequest',
    spaces.flatMap((s) =>
      ['open', 'draft', 'merged', 'archived'].flatMap((k) => s[k]?.nodes ?? []),
    ),
  );
  pick(
    'Comment',
    spaces.flatMap((s) => s.comments?.nodes ?? []),
  );
  return out;
}

/** Runs the generated queries against a fresh demo workspace and records their answers. */
export async function recordQueries(): Promise<Recorded[]> {
  const workspace = await createTestWorkspace();
  const recorded: Recorded[] = [];
  const ids = new Map<string, string>();
  const record = async (name: string, text: string, variables: Record<string, unknown>) => {
    const upstream = new RecordingUpstream(workspace);
    const document = parse(text);
    const first = normalise(await run(upstream, { name, text, document, variables }));
    collectIds(first.data, ids);
    const query = { name, text, document, variables, answers: upstream.answers } as Recorded;
    query.baseline = normalise(await run(new ReplayUpstream(upstream.answers), query));
    if (JSON.stringify(query.baseline) !== JSON.stringify(first)) {
      throw new Error(`${name}: the replay differs from the recorded run`);
    }
    recorded.push(query);
  };
  try {
    const organization = type('Organization') as GraphQLObjectType;
    const flat = { depth: 2, connections: 0, first: 3, bodies: false };
    await record(
      'organizations',
      `{ organizations(first: 5) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node ${selectionOf(organization, flat)} } } }`,
      {},
    );
    const orgId = ids.get('Organization');
    // The space and change request with the most comments stand for their types, so that the
    // comment domain (comments, replies, reactions) is in the answers.
    const busiest = await discover(workspace, orgId as string);
    for (const [typename, id] of busiest) ids.set(typename, id);
    for (const field of Object.values(organization.getFields())) {
      if (!/Connection$/.test(field.type.toString())) continue;
      const selection = selectionOf(organization, { ...flat, connections: 1 });
      const part = selection.match(new RegExp(` ${field.name}\\(first: 3[^)]*\\) \\{`));
      if (!part) continue;
      const start = selection.indexOf(part[0]);
      let depth = 0;
      let end = start + part[0].length - 1;
      for (; end < selection.length; end++) {
        if (selection[end] === '{') depth++;
        if (selection[end] === '}' && --depth === 0) break;
      }
      await record(
        `Organization.${field.name}`,
        nodeQuery('Organization', `{ id ${selection.slice(start, end + 1)} }`),
        { id: orgId },
      );
    }
    // Every Node type, in detail, by the first ID found for it (new types come with each query).
    const done = new Set<string>();
    for (;;) {
      const next = [...ids.keys()].find((t) => !done.has(t));
      if (!next) break;
      done.add(next);
      const selection = selectionOf(type(next), {
        depth: 2,
        connections: 1,
        first: 3,
        bodies: true,
      });
      await record(`node ${next}`, nodeQuery(next, selection), { id: ids.get(next) });
    }
  } finally {
    await workspace.close();
  }
  return recorded;
}

// ---------------------------------------------------------------------------------------------
// Where to damage: every field of every answer, its first instance.

const MAX_POINTER = 8;

/**
 * Values the graph shows whole, as `JSON`: rich-text Documents and free-form maps (an OpenAPI
 * version's `filesystem`, an adaptive schema's `jsonSchema`). They are damaged as one value.
 */
function opaque(value: unknown, pointer: Pointer): boolean {
  const last = pointer[pointer.length - 1];
  return (
    (value as { object?: unknown } | null)?.object === 'document' ||
    last === 'filesystem' ||
    last === 'jsonSchema'
  );
}

/** Every place of every recorded answer, the first instance of each (route, pattern) per query. */
export function sitesOf(queries: Recorded[]): Site[] {
  const sites: Site[] = [];
  for (const query of queries) {
    for (const [path, answer] of query.answers) {
      if (answer.status >= 300) continue;
      const route = routeTemplate(path);
      const seen = new Set<string>();
      const walk = (value: unknown, pointer: Pointer, pattern: string, inObject: boolean) => {
        if (!seen.has(pattern)) {
          seen.add(pattern);
          sites.push({ query, path, route, pointer, pattern, value, inObject });
        }
        if (pointer.length >= MAX_POINTER || opaque(value, pointer)) return;
        if (Array.isArray(value)) {
          value.forEach((item, i) => {
            walk(item, [...pointer, i], `${pattern}[]`, false);
          });
        } else if (value !== null && typeof value === 'object') {
          for (const [key, member] of Object.entries(value)) {
            walk(member, [...pointer, key], pattern ? `${pattern}.${key}` : key, true);
          }
        }
      };
      walk(answer.body, [], '', false);
    }
  }
  return sites;
}

const ENUM_VALUES = new Set<string>(Object.values(ENUMS).flat());

const jsonType = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** The damages of a site. */
export function damagesOf(site: Site): Damage[] {
  const kinds: DamageKind[] = [];
  const root = site.pointer.length === 0;
  if (site.inObject) kinds.push('removed');
  if (site.value !== null && !root) kinds.push('null');
  for (const kind of ['string', 'number', 'object', 'array'] as const) {
    if (jsonType(site.value) !== kind) kinds.push(kind);
  }
  if (typeof site.value === 'string' && ENUM_VALUES.has(site.value)) kinds.push('unknown-enum');
  if (jsonType(site.value) === 'object') kinds.push('unknown-fields');
  if (Array.isArray(site.value)) kinds.push('extra-item');
  return kinds.map((kind) => ({ site, kind }));
}

const REPLACEMENT: Record<string, Json> = {
  string: 'x-wrong-type',
  number: 123.5,
  object: { x_wrong_type: true },
  array: ['x-wrong-type'],
  'unknown-enum': 'x-unknown-enum-value',
};

function replaced(value: unknown, kind: DamageKind): unknown {
  if (kind === 'null') return null;
  if (kind === 'unknown-fields') {
    return { ...(value as object), x_unknown_field: { nested: [1, 'two'] } };
  }
  if (kind === 'extra-item') {
    return [
      ...(value as unknown[]),
      { object: 'x-unknown-kind', kind: 'x-unknown-kind', type: 'x-unknown-kind' },
    ];
  }
  return REPLACEMENT[kind];
}

const REMOVE = Symbol('remove');

/** `body` with the value at `pointer` replaced (copies along the pointer only). */
function setAt(body: unknown, pointer: Pointer, value: unknown): unknown {
  if (pointer.length === 0) return value;
  const [head, ...rest] = pointer as [string | number, ...Pointer];
  if (Array.isArray(body)) {
    const copy = [...body];
    copy[head as number] = setAt(copy[head as number], rest, value);
    return copy;
  }
  const copy = { ...(body as Record<string, unknown>) };
  const next = setAt(copy[head as string], rest, value);
  if (next === REMOVE) delete copy[head as string];
  else copy[head as string] = next;
  return copy;
}

/** The body an answer has under one damage. */
function damagedBody(damage: Damage): unknown {
  const { site, kind } = damage;
  const body = site.query.answers.get(site.path)?.body;
  return setAt(body, site.pointer, kind === 'removed' ? REMOVE : replaced(site.value, kind));
}

/** Every leaf under a value changed within its type: where it shows is where answers differ. */
function probed(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return `${value}-zz`;
  if (typeof value === 'number') return value + 1000;
  if (typeof value === 'boolean') return !value;
  if (value === null) return 'zz-probe';
  if (depth >= MAX_POINTER) return value;
  if (Array.isArray(value)) return value.map((item) => probed(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as object).map(([key, member]) => [key, probed(member, depth + 1)]),
  );
}

const isContainer = (value: unknown) => value !== null && typeof value === 'object';

const isEmpty = (value: unknown) =>
  Array.isArray(value) ? value.length === 0 : Object.keys(value as object).length === 0;

// ---------------------------------------------------------------------------------------------
// Differences between two answers.

const key = (path: Path) => path.join('.');

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Where two answers differ. */
interface Differences {
  /** The highest places that differ. */
  paths: Pointer[];
  /** Items present in the second answer only (a list that gained exactly one item). */
  inserted: Pointer[];
}

/**
 * Where `a` and `b` differ: the highest such places; a list that gained or lost exactly one item
 * (the others equal, in order) differs at that item, any other change of length at the list.
 */
function differences(
  a: unknown,
  b: unknown,
  path: Pointer = [],
  out: Differences = { paths: [], inserted: [] },
): Differences {
  if (a === b) return out;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length === b.length) {
      a.forEach((item, i) => {
        differences(item, b[i], [...path, i], out);
      });
      return out;
    }
    if (Math.abs(a.length - b.length) === 1) {
      const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
      let i = 0;
      while (i < shorter.length && same(longer[i], shorter[i])) i++;
      if (same(longer.slice(i + 1), shorter.slice(i))) {
        out.paths.push([...path, i]);
        if (longer === b) out.inserted.push([...path, i]);
        return out;
      }
    }
    out.paths.push(path);
    return out;
  }
  if (isContainer(a) && isContainer(b) && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)]);
    for (const k of keys) {
      differences(
        (a as Record<string, unknown>)[k],
        (b as Record<string, unknown>)[k],
        [...path, k],
        out,
      );
    }
    return out;
  }
  out.paths.push(path);
  return out;
}

const isPrefix = (prefix: Path, path: Path) =>
  prefix.length <= path.length && prefix.every((segment, i) => path[i] === segment);

function commonPrefix(paths: Path[]): Pointer {
  const [first, ...rest] = paths;
  if (!first) return [];
  let length = first.length;
  for (const path of rest) {
    let i = 0;
    while (i < length && i < path.length && path[i] === first[i]) i++;
    length = i;
  }
  return first.slice(0, length);
}

/** `path` up to the graph field it is in (a place inside a `JSON` value is that value's field). */
function fieldPath(query: Recorded, data: unknown, path: Path): Pointer {
  try {
    return path.slice(0, placesAlong(schema, query.document, data, path).length) as Pointer;
  } catch {
    return [...path];
  }
}

/** The places that read the value of a site: where a probe of it changes the answer. */
async function placesOf(site: Site, probes: Map<string, Pointer[]>): Promise<Pointer[]> {
  const id = `${site.query.name} ${site.path} ${key(site.pointer)}`;
  const known = probes.get(id);
  if (known) return known;
  const container = isContainer(site.value);
  let places = await probe(
    site,
    container && isEmpty(site.value) ? 'zz-probe' : probed(site.value, site.pointer.length),
  );
  if (container && places.length > 0) {
    // A container shows where its members do: at the place they share (a list's items, an
    // object's fields), not at one member.
    let shared = commonPrefix(places);
    if (places.some((p) => key(p) === key(shared))) shared = shared.slice(0, -1);
    while (
      shared.length > 0 &&
      (typeof shared[shared.length - 1] === 'number' ||
        (Array.isArray(site.value) &&
          ['edges', 'nodes', 'node'].includes(String(shared[shared.length - 1]))))
    ) {
      shared = shared.slice(0, -1);
    }
    // The objects the probes changed members of: the nearest ancestor of each place with an id.
    const data = site.query.baseline.data;
    const idAt = (path: Path) => (at(data, path) as { id?: unknown } | null | undefined)?.id;
    const shownIds = new Set<unknown>();
    for (const place of places) {
      for (let length = place.length; length >= 0; length--) {
        const id = idAt(place.slice(0, length));
        if (id !== undefined) {
          shownIds.add(id);
          break;
        }
      }
    }
    places.push(shared);
    // Fields that read the container whole (a page read in the change request its
    // `versionContext` names) show where it fails as a whole; never above it, which is what
    // damage must not reach, but where the same object shows: an ancestor with the id of the
    // object whose members the probes changed (such as the `node(id)` that read it to answer
    // whether it exists, while its members show in a list under it).
    for (const place of await probe(site, 'zz-probe')) {
      const id = idAt(place);
      if (!isPrefix(place, shared) || (id !== undefined && shownIds.has(id))) places.push(place);
    }
  }
  // A container none of whose members the query shows (or reads) shows where it is read whole.
  if (container && places.length === 0) places = await probe(site, 'zz-probe');
  probes.set(id, places);
  return places;
}

/** The places where answering the site with `value` changes the answer. */
async function probe(site: Site, value: unknown): Promise<Pointer[]> {
  const body = site.query.answers.get(site.path)?.body;
  const result = normalise(
    await run(
      new ReplayUpstream(site.query.answers, {
        path: site.path,
        body: setAt(body, site.pointer, value),
      }),
      site.query,
    ),
  );
  const places = differences(site.query.baseline.data, result.data).paths.map((p) =>
    fieldPath(site.query, site.query.baseline.data, p),
  );
  for (const error of result.errors) if (error.path) places.push([...error.path]);
  return places;
}

// ---------------------------------------------------------------------------------------------
// The oracle.

/**
 * The members the spec marks always present (its Req column), by the `object` of the resource
 * that holds them. The absence of any other member is no error: it reads as null.
 */
const ALWAYS_PRESENT: Readonly<Record<string, readonly string[]>> = {
  collection: ['title', 'organization', 'defaultLevel'],
  space: [
    'title',
    'emoji',
    'visibility',
    'createdAt',
    'updatedAt',
    'mergeRules',
    'organization',
    'revision',
    'defaultLevel',
    'comments',
    'changeRequests',
    'changeRequestsOpen',
    'changeRequestsDraft',
  ],
  'change-request': [
    'number',
    'status',
    'subject',
    'createdAt',
    'updatedAt',
    'space',
    'revision',
    'revisionInitial',
    'comments',
    'outdated',
  ],
  organization: ['title', 'createdAt', 'emailDomains', 'type', 'inviteLinks', 'plan', 'mergeRules'],
  'site-space': ['path', 'title'],
  'site-section-group': ['title'],
  'openapi-spec': ['updatedAt', 'slug', 'processingState'],
  'openapi-spec-version': ['url'],
};

/**
 * Members without which an answer cannot be read at all, whatever the spec's column: an
 * object's `object` and `id` (its address), a list page's `items` and `next.page`, the `kind`
 * of a reference, the `pages` of a page tree, the object a list item wraps (a member's space,
 * team or organization, a conversation issue, a conversation's detail) and a table cell's
 * coordinates.
 */
function structural(parent: Record<string, unknown>, key: string, pointer: Pointer): boolean {
  if (['object', 'id', 'items', 'kind'].includes(key)) return true;
  if (key === 'page' && pointer[pointer.length - 2] === 'next') return true;
  if (key === 'pages' && !('id' in parent)) return true;
  if (key === 'space' && 'permission' in parent) return true;
  if (key === 'team' && 'member' in parent) return true;
  if (key === 'organization' && 'team' in parent && !('object' in parent)) return true;
  if (key === 'issue') return true;
  if (key === 'conversation' && 'parts' in parent) return true;
  if ((key === 'record' || key === 'definition') && pointer.includes('tableCell')) return true;
  return false;
}

/** Whether the damaged value of a site is a member whose absence is damage. */
function alwaysPresent(site: Site): boolean {
  return isAlwaysPresent(site.query.answers.get(site.path)?.body, site.pointer);
}

/** Whether the member at `pointer` of an answer is one whose absence is damage (see above). */
export function isAlwaysPresent(body: unknown, pointer: Pointer): boolean {
  const parent = at(body, pointer.slice(0, -1));
  const key = pointer[pointer.length - 1];
  if (parent === null || typeof parent !== 'object' || Array.isArray(parent)) return true;
  if (typeof key !== 'string') return true;
  const record = parent as Record<string, unknown>;
  if (structural(record, key, pointer)) return true;
  const object = typeof record.object === 'string' ? record.object : undefined;
  return object !== undefined && (ALWAYS_PRESENT[object] ?? []).includes(key);
}

/** Errors a damage may cause: its own, or the failure of an address made from a changed value. */
const allowedError = (code: unknown, message: string) =>
  code === 'UPSTREAM_SHAPE' || (code === 'UPSTREAM_ERROR' && message.endsWith('not recorded'));

function at(value: unknown, path: Path): unknown {
  let current = value;
  for (const segment of path) {
    current = (current as Record<string | number, unknown> | null | undefined)?.[segment];
  }
  return current;
}

/** The baseline without the list items a damage left out (their errors name `items.<i>`). */
function withoutLeftOut(data: Json, errors: Response['errors'], site: Site): Json {
  let out = data;
  for (const error of errors) {
    const upstream = error.extensions?.upstream as { field?: string } | undefined;
    const match = /^items\.(\d+)$/.exec(upstream?.field ?? '');
    if (!match || !error.path || !error.message.includes('left out')) continue;
    const index = Number(match[1]);
    if (
      index >= ((at(site.query.answers.get(site.path)?.body, ['items']) as unknown[]) ?? []).length
    ) {
      continue;
    }
    for (const list of ['edges', 'nodes']) {
      const listPath = [...error.path, list];
      const items = at(out, listPath);
      if (Array.isArray(items)) {
        out = setAt(
          out,
          listPath,
          items.filter((_item, i) => i !== index),
        ) as Json;
      }
    }
  }
  return out;
}

/** Checks one damage; answers its violations (none when the damage stayed local). */
export async function check(damage: Damage, probes: Map<string, Pointer[]>): Promise<Violation[]> {
  const { site, kind } = damage;
  const name = `${site.query.name}: ${site.route} ${site.pattern || '(answer)'} ${kind}`;
  const violations: Violation[] = [];
  const fail = (problem: string) => violations.push({ damage: name, problem });
  let result: Response;
  try {
    result = normalise(
      await run(
        new ReplayUpstream(site.query.answers, { path: site.path, body: damagedBody(damage) }),
        site.query,
      ),
    );
  } catch (error) {
    fail(`the query threw: ${(error as Error).message}`);
    return violations;
  }
  const places = [...(await placesOf(site, probes))];
  const baseline = withoutLeftOut(site.query.baseline.data, result.errors, site);
  const found = differences(baseline, result.data);
  // An address made from the damaged value's original (an object no longer primed) is read.
  const original = typeof site.value === 'string' ? site.value : undefined;
  const readsOriginal = (message: string) =>
    original !== undefined && message.endsWith('not recorded') && message.includes(`/${original}`);
  for (const error of result.errors) {
    if (error.path && readsOriginal(error.message)) places.push([...error.path]);
  }
  const under = (path: Path) => places.some((place) => isPrefix(place, path));
  // A failure at a place that shows the value reaches its nearest nullable ancestor (GraphQL's
  // rule): an error raised there, for a value only its non-null descendants show, is located.
  const aboveNonNull = (path: Path) =>
    places.some((place) => {
      if (place.length <= path.length || !isPrefix(path, place)) return false;
      try {
        const along = placesAlong(schema, site.query.document, site.query.baseline.data, place);
        return along.length > path.length && along.slice(path.length).every((p) => !p.nullable);
      } catch {
        return false;
      }
    });
  const inItem = (path: Path) => found.inserted.some((item) => isPrefix(item, path));
  const damagedPath = site.path.split('?')[0];
  const field = key(site.pointer);
  // A member the spec does not mark always present, absent (or null): null, never an error.
  const absence = (kind === 'removed' || kind === 'null') && !alwaysPresent(site);

  for (const error of result.errors) {
    const code = error.extensions?.code;
    const where = key(error.path ?? []);
    if (absence && code === 'UPSTREAM_SHAPE') {
      fail(`the absence of a member not always present is an error at ${where}: ${error.message}`);
      continue;
    }
    if (!allowedError(code, error.message)) {
      fail(`error ${JSON.stringify(code)} at ${where}: ${error.message}`);
      continue;
    }
    const upstream = error.extensions?.upstream as { path?: string; field?: string } | undefined;
    if (code === 'UPSTREAM_SHAPE' && upstream) {
      const related =
        upstream.path === damagedPath &&
        (upstream.field === field ||
          (upstream.field ?? '').startsWith(field ? `${field}.` : '') ||
          field.startsWith(`${upstream.field}.`));
      if (!related) fail(`error at ${where} names another value: ${error.message}`);
    }
    const leftOut = error.message.includes('left out');
    const located = error.path
      ? under(error.path) ||
        aboveNonNull(error.path) ||
        inItem(error.path) ||
        (leftOut && places.some((place) => isPrefix(error.path ?? [], place)))
      : false;
    if (!located) fail(`error at ${where} is not where the value shows: ${error.message}`);
    if (kind === 'unknown-enum' || (kind === 'unknown-fields' && !inItem(error.path ?? []))) {
      fail(
        `an unknown ${kind === 'unknown-enum' ? 'enum value' : 'member'} is an error at ${where}`,
      );
    }
  }

  for (const raw of found.paths) {
    const difference = fieldPath(site.query, baseline, raw);
    // A list item that came or went: where the value shows is within that item.
    const item = typeof raw[raw.length - 1] === 'number';
    if (
      under(difference) ||
      aboveNonNull(difference) ||
      (item && places.some((place) => isPrefix(raw, place)))
    ) {
      if (kind === 'unknown-fields' && !found.inserted.some((i) => key(i) === key(raw))) {
        const places = placesAlong(schema, site.query.document, baseline, difference);
        if (!places.some((p) => p.type.name === 'JSON')) {
          fail(`unknown members changed ${key(difference)}`);
        }
      }
      continue;
    }
    // Null reaching the nearest nullable ancestor of an error is the rule of GraphQL.
    const value = at(result.data, difference);
    const propagated =
      value === null &&
      result.errors.some((error) => {
        if (!error.path || !isPrefix(difference, error.path) || !under(error.path)) return false;
        const along = placesAlong(schema, site.query.document, baseline, error.path);
        const from = difference.length;
        return (
          (from === 0 || along[from - 1]?.nullable === true) &&
          along.slice(from).every((place) => !place.nullable)
        );
      });
    if (!propagated) fail(`${key(difference)} changed, away from where the value shows`);
  }
  return violations;
}

// ---------------------------------------------------------------------------------------------
// Runs.

export interface FuzzReport {
  damages: number;
  pairs: number;
  endpoints: number;
  queries: number;
  violations: Violation[];
}

/** Every damage of the first instance of every (route, field) pair over all queries. */
export async function fuzz(
  queries: Recorded[],
  options: { onProgress?: (done: number, total: number) => void } = {},
): Promise<FuzzReport> {
  const first = new Map<string, Site>();
  for (const site of sitesOf(queries)) {
    const pair = `${site.route} ${site.pattern}`;
    if (!first.has(pair)) first.set(pair, site);
  }
  const damages = [...first.values()].flatMap((site) => damagesOf(site));
  const probes = new Map<string, Pointer[]>();
  const violations: Violation[] = [];
  let done = 0;
  for (const damage of damages) {
    violations.push(...(await check(damage, probes)));
    options.onProgress?.(++done, damages.length);
  }
  const pairs = new Set(damages.map((d) => `${d.site.route} ${d.site.pattern}`));
  const endpoints = new Set(damages.map((d) => d.site.route));
  return {
    damages: damages.length,
    pairs: pairs.size,
    endpoints: endpoints.size,
    queries: queries.length,
    violations,
  };
}
