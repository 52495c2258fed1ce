/**
 * The bad-input corpus: hostile and careless requests against `/graphql` and `/v1`, each with
 * what it must not do (reach the upstream when refused). Shared by the hostile test tier and
 * `bench/memory.ts`.
 */

export interface HostileRequest {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query (`/graphql?query=...`, `/v1/...`). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Refused before any upstream call (by the server's limits or the gateway's checks). */
  refused?: boolean;
  /** A write whose target must be unchanged after the answer (rejected writes). */
  write?: boolean;
}

/** Ids of demo objects the corpus addresses. */
export interface CorpusTargets {
  org: string;
  space: string;
  changeRequest: string;
  token: string;
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** `{"a":{"a":...}}` nested `levels` deep. */
export function deepObject(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

const JSON_TYPE = 'application/json';

/** The GraphQL part of the corpus (about 90 requests). */
export function graphqlCorpus(t: CorpusTargets): HostileRequest[] {
  const auth = { authorization: `Bearer ${t.token}` };
  const post = (
    name: string,
    body: string | Uint8Array,
    options: { type?: string; refused?: boolean; headers?: Record<string, string> } = {},
  ): HostileRequest => ({
    name,
    method: 'POST',
    path: '/graphql',
    headers: {
      ...auth,
      ...(options.type === '' ? {} : { 'content-type': options.type ?? JSON_TYPE }),
      ...options.headers,
    },
    body,
    ...(options.refused ? { refused: true } : {}),
  });
  const gql = (
    name: string,
    query: string,
    variables: Record<string, unknown> = {},
    options: { refused?: boolean; headers?: Record<string, string> } = {},
  ) => post(name, JSON.stringify({ query, variables }), options);
  const refused = { refused: true };
  const deepDoc = `{"object":"document","data":${deepObject(5_000)},"nodes":[]}`;
  const setInstructions = `mutation($org: ID!, $doc: JSON!) { setAgentInstructions(input: { organizationId: $org, instructions: $doc }) { __typename ... on ValidationError { message fieldErrors { path message } } } }`;
  // [id, refused by node(id), refused by space(id)]: an id that is a plain REST id (however odd)
  // is sent upstream as one encoded segment; one that cannot be a segment never leaves.
  const hostileIds: [string, boolean, boolean][] = [
    ['Q29sbGVjdGlvbjol', true, false], // Collection:%
    [b64('Space:..'), true, true],
    [b64('Space:.'), true, true],
    [b64('Space:'), true, true],
    [b64(`ChangeRequest:${t.space}/..`), true, false],
    [b64(`ChangeRequest:${t.space}/.`), true, false],
    [b64('Team:../..'), true, false],
    [b64('Team:%2E%2E/x'), true, false],
    [b64(`Space:${t.space}/../../orgs`), true, false],
    [b64('Space:%E0%A4%A'), true, true],
    [b64('Space:\u0000'), false, false],
    [b64('Space:\uD800'), false, false],
    [b64(`Space:${'a'.repeat(300)}`), true, true],
    ['..', true, true],
    ['.', true, true],
    ['%2e%2e', true, false],
    ['../../orgs', true, false],
    ['not base64 at all ✓', true, false],
    ['\u0000\u0001\u0002', true, false],
    ['a'.repeat(500_000), true, true],
  ];
  const idCases = hostileIds.flatMap(([id, node, space], i) => [
    gql(
      `node(id) hostile #${i}`,
      'query($id: ID!) { node(id: $id) { id } }',
      { id },
      { refused: node },
    ),
    gql(
      `space(id) hostile #${i}`,
      'query($id: ID!) { space(id: $id) { id } }',
      { id },
      { refused: space },
    ),
  ]);
  const cursors = [
    'garbage',
    '',
    b64('{"page":"../../x","offset":-1}'),
    b64('x'.repeat(3_000)),
    'x'.repeat(100_000),
    '\u0000',
  ];
  return [
    // Ordinary requests, so the corpus also exercises real answers.
    gql('organizations', '{ organizations(first: 5) { totalCount nodes { id title } } }'),
    gql(
      'dashboard',
      `query($org: ID!) { organization(id: $org) { title spaces(first: 20) { nodes { id title changeRequests(first: 5) { nodes { number subject createdBy { displayName } } } } } } }`,
      { org: t.org },
    ),
    gql('space', 'query($id: ID!) { space(id: $id) { id title } }', { id: t.space }),
    gql(
      'search',
      'query($org: ID!) { organization(id: $org) { search(query: "guide") { totalCount } } }',
      {
        org: t.org,
      },
    ),
    // Bodies.
    post('empty body', '', refused),
    post('whitespace body', '   \n\t ', refused),
    post('malformed JSON', '{"query": "{ __typename }"', refused),
    post('JSON array body', '[1,2,3]', refused),
    post('JSON string body', '"{ __typename }"', refused),
    post('JSON null body', 'null', refused),
    post('query not a string', '{"query": 42}', refused),
    post('variables not an object', '{"query": "{ __typename }", "variables": 7}', refused),
    post('NUL bytes in body', `{"query": "{ __typename }\u0000"}`, refused),
    post('invalid UTF-8', new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), refused),
    post('deep JSON body', `{"query":"{ __typename }","variables":{"x":${deepObject(5_000)}}}`),
    post(
      'huge body (30 MB)',
      JSON.stringify({ query: '{ __typename }', x: 'a'.repeat(30_000_000) }),
      refused,
    ),
    post(
      '2 MB body',
      JSON.stringify({ query: '{ __typename }', x: 'a'.repeat(2_000_000) }),
      refused,
    ),
    // Content types.
    post('text/plain', '{"query":"{ __typename }"}', { type: 'text/plain', refused: true }),
    post('no content type', '{"query":"{ __typename }"}', { type: '', refused: true }),
    post('xml', '<query/>', { type: 'application/xml', refused: true }),
    post('multipart garbage', '--x\r\n\r\n--x--', {
      type: 'multipart/form-data; boundary=x',
      refused: true,
    }),
    post('form-encoded', 'query=%7B__typename%7D', { type: 'application/x-www-form-urlencoded' }),
    post('application/graphql', '{ __typename }', { type: 'application/graphql' }),
    post('json with charset', '{"query":"{ __typename }"}', {
      type: 'application/json; charset=utf-8',
    }),
    // Documents.
    gql('syntax error', '{ organizations(first: ', {}, refused),
    gql('unknown field', '{ nope }', {}, refused),
    gql(
      'deeply nested literal',
      `{ space(id: ${'['.repeat(5_000)}"a"${']'.repeat(5_000)}) { id } }`,
      {},
      refused,
    ),
    gql(
      'deep selection',
      `{ ${'organizations(first: 1) { nodes { '.repeat(40)}id${' } }'.repeat(40)} }`,
      {},
      refused,
    ),
    gql(
      'too many tokens',
      `{ ${Array.from({ length: 6_000 }, (_, i) => `a${i}: __typename`).join(' ')} }`,
      {},
      refused,
    ),
    gql(
      'many aliases',
      `{ ${Array.from({ length: 500 }, (_, i) => `a${i}: __typename`).join(' ')} }`,
    ),
    gql(
      'unicode and NUL in a string',
      'query($q: String!) { organizations(first: 1) { totalCount } __typename }',
      {
        q: '\u0000\uD83D\uDE00\u202E\uFFFF',
      },
    ),
    gql(
      'huge search string (100 KB)',
      'query($org: ID!, $q: String!) { organization(id: $org) { search(query: $q) { totalCount } } }',
      { org: t.org, q: 'x'.repeat(100_000) },
      refused,
    ),
    gql('huge id literal (500 KB)', `{ space(id: "${'a'.repeat(500_000)}") { id } }`, {}, refused),
    gql('first out of range', '{ organizations(first: 100000) { totalCount } }', {}, refused),
    gql('last unsupported', '{ organizations(last: 5) { totalCount } }', {}, refused),
    ...cursors.map((after, i) =>
      gql(
        `hostile cursor #${i}`,
        'query($after: String) { organizations(first: 2, after: $after) { totalCount } }',
        { after },
        { refused: after !== '' },
      ),
    ),
    // Mutations.
    // Built as text: JSON.stringify itself overflows the stack on such a value.
    post(
      'deep JSON input (5,000 levels)',
      `{"query":${JSON.stringify(setInstructions)},"variables":{"org":${JSON.stringify(t.org)},"doc":${deepDoc}}}`,
      refused,
    ),
    gql(
      'deep JSON input literal',
      `mutation { setAgentInstructions(input: { organizationId: "${t.org}", instructions: ${'{a: '.repeat(3_000)}1${'}'.repeat(3_000)} }) { __typename } }`,
      {},
      refused,
    ),
    gql(
      'mutation with a hostile id',
      'mutation($id: ID!) { updateSpace(input: { spaceId: $id, title: "x" }) { __typename ... on ValidationError { message } } }',
      { id: b64('Space:%') },
      refused,
    ),
    gql(
      'mutation with a dot id',
      'mutation($id: ID!) { updateSpace(input: { spaceId: $id, title: "x" }) { __typename } }',
      { id: '..' },
      refused,
    ),
    gql(
      'mutation with a 500 KB id',
      'mutation($id: ID!) { updateSpace(input: { spaceId: $id, title: "x" }) { __typename } }',
      { id: 'a'.repeat(500_000) },
      refused,
    ),
    // Tokens and headers.
    gql(
      'invalid token',
      '{ organizations(first: 1) { totalCount } }',
      {},
      { headers: { authorization: 'Bearer nope' } },
    ),
    gql(
      'malformed authorization',
      '{ organizations(first: 1) { totalCount } }',
      {},
      { headers: { authorization: 'Basic \u00ff\u00fe' } },
    ),
    gql(
      'NUL in token',
      '{ organizations(first: 1) { totalCount } }',
      {},
      { headers: { authorization: 'Bearer a%00b' } },
    ),
    // GET.
    {
      name: 'GET with a query',
      method: 'GET',
      path: `/graphql?query=${encodeURIComponent('{ __typename }')}`,
      headers: { ...auth, accept: 'application/json' },
    },
    {
      name: 'GET mutation',
      method: 'GET',
      path: `/graphql?query=${encodeURIComponent('mutation { __typename }')}`,
      headers: { ...auth, accept: 'application/json' },
      refused: true,
    },
    {
      name: 'GET malformed variables',
      method: 'GET',
      path: '/graphql?query=%7B__typename%7D&variables=%7B',
      headers: { ...auth, accept: 'application/json' },
      refused: true,
    },
    {
      name: 'GET malformed percent-encoding',
      method: 'GET',
      path: '/graphql?query=%E0%A4%A',
      headers: { ...auth, accept: 'application/json' },
      refused: true,
    },
    ...idCases,
  ];
}

/** The `/v1` part of the corpus. */
export function restCorpus(t: CorpusTargets): HostileRequest[] {
  const auth = { authorization: `Bearer ${t.token}` };
  const json = { ...auth, 'content-type': JSON_TYPE };
  const org = `/v1/orgs/${t.org}`;
  const cr = `/v1/spaces/${t.space}/change-requests/${t.changeRequest}`;
  const deepDoc = `{"object":"document","data":${deepObject(5_000)},"nodes":[]}`;
  return [
    {
      name: 'deep agent instructions',
      method: 'PUT',
      path: `${org}/agent-instructions`,
      headers: json,
      body: `{"instructions":${deepDoc}}`,
      write: true,
    },
    {
      name: 'deep change request description',
      method: 'PATCH',
      path: cr,
      headers: json,
      body: `{"description":${deepDoc}}`,
      write: true,
    },
    {
      name: 'deep array body',
      method: 'PATCH',
      path: `/v1/spaces/${t.space}`,
      headers: json,
      body: `{"title":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
      write: true,
    },
    {
      name: 'malformed JSON',
      method: 'PATCH',
      path: `/v1/spaces/${t.space}`,
      headers: json,
      body: '{"title": "x"',
      write: true,
    },
    {
      name: 'NUL in a title',
      method: 'PATCH',
      path: `/v1/spaces/${t.space}`,
      headers: json,
      body: '{"title": "a\\u0000b"}',
      write: true,
    },
    {
      name: 'lone surrogate in a title',
      method: 'PATCH',
      path: `/v1/spaces/${t.space}`,
      headers: json,
      body: '{"title": "\\ud800"}',
      write: true,
    },
    {
      name: 'invalid UTF-8',
      method: 'PATCH',
      path: `/v1/spaces/${t.space}`,
      headers: json,
      body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
      write: true,
    },
    {
      name: 'huge string (2 MB)',
      method: 'PATCH',
      path: `/v1/spaces/${t.space}`,
      headers: json,
      body: JSON.stringify({ title: 'a'.repeat(2_000_000) }),
      write: true,
    },
    {
      name: 'wrong content type',
      method: 'PATCH',
      path: `/v1/spaces/${t.space}`,
      headers: { ...auth, 'content-type': 'text/plain' },
      body: '{"title":"x"}',
      write: true,
    },
    {
      name: 'xml content type',
      method: 'PATCH',
      path: `/v1/spaces/${t.space}`,
      headers: { ...auth, 'content-type': 'application/xml' },
      body: '<title/>',
      write: true,
    },
    {
      name: 'form-encoded',
      method: 'PATCH',
      path: `/v1/spaces/${t.space}`,
      headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'title=x',
      write: true,
    },
    {
      name: 'empty JSON object',
      method: 'PATCH',
      path: `/v1/spaces/${t.space}`,
      headers: json,
      body: '{"title": ""}',
      write: true,
    },
    {
      name: 'unknown field',
      method: 'PATCH',
      path: `/v1/spaces/${t.space}`,
      headers: json,
      body: '{"nope": 1}',
      write: true,
    },
    {
      name: 'invalid token',
      method: 'PATCH',
      path: `/v1/spaces/${t.space}`,
      headers: { ...json, authorization: 'Bearer nope' },
      body: '{"title":"x"}',
      write: true,
    },
    { name: 'no token', method: 'GET', path: `/v1/spaces/${t.space}` },
    {
      name: 'malformed authorization',
      method: 'GET',
      path: '/v1/orgs',
      headers: { authorization: 'Bearer' },
    },
    { name: 'dot segment', method: 'GET', path: '/v1/spaces/..', headers: auth },
    { name: 'encoded dot segment', method: 'GET', path: '/v1/spaces/%2e%2e', headers: auth },
    { name: 'traversal', method: 'GET', path: '/v1/spaces/..%2f..%2forgs', headers: auth },
    { name: 'encoded slash', method: 'GET', path: `/v1/spaces/${t.space}%2F..`, headers: auth },
    { name: 'malformed percent-encoding', method: 'GET', path: '/v1/orgs/%E0%A4%A', headers: auth },
    { name: 'NUL in the path', method: 'GET', path: '/v1/spaces/a%00b', headers: auth },
    {
      name: 'unicode id',
      method: 'GET',
      path: `/v1/spaces/${encodeURIComponent('✓\u202E')}`,
      headers: auth,
    },
    {
      name: 'overlong path parameter',
      method: 'GET',
      path: `/v1/spaces/${'a'.repeat(600)}`,
      headers: auth,
    },
    {
      name: 'overlong query string',
      method: 'GET',
      path: `${org}/search?query=${'x'.repeat(5_000)}`,
      headers: auth,
    },
    {
      name: 'hostile page token',
      method: 'GET',
      path: `${org}/members?page=${encodeURIComponent('../../x')}`,
      headers: auth,
    },
    { name: 'limit out of range', method: 'GET', path: `${org}/members?limit=-1`, headers: auth },
    {
      name: 'limit not a number',
      method: 'GET',
      path: `${org}/members?limit=1e309`,
      headers: auth,
    },
    {
      name: 'header too large',
      method: 'GET',
      path: '/v1/orgs',
      headers: { ...auth, 'x-big': 'a'.repeat(40_000) },
    },
    { name: 'unknown route', method: 'GET', path: '/v1/nope', headers: auth },
    { name: 'unknown method', method: 'DELETE', path: '/v1/orgs', headers: auth },
  ];
}
