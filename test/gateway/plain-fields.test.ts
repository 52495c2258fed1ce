import {
  defaultFieldResolver,
  type ExecutionResult,
  execute,
  type GraphQLField,
  type GraphQLResolveInfo,
  getNamedType,
  getNullableType,
  isLeafType,
  isListType,
  isObjectType,
  parse,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { createContext } from '../../src/gateway/context.ts';
import { executeWith } from '../../src/gateway/execution/compiled.ts';
import { EXECUTORS, type Executor } from '../../src/gateway/execution/executors.ts';
import { isPlainField } from '../../src/gateway/plugins/plainFields.ts';
import { withFieldErrors } from '../../src/gateway/plugins/shape.ts';
import { resourceOf } from '../../src/gateway/resources/resource.ts';
import { schema } from '../../src/gateway/schema/index.ts';
import { ShapeDamage, UnseenAlternative } from '../../src/gateway/upstream/damage.ts';
import { listPage, restOrganization, restSpace } from '../support/fixtures.ts';
import { FakeUpstream } from '../support/gateway.ts';
import { globalId } from '../support/ids.ts';

// Plain member reads (a scalar or enum field without arguments whose resolver is graphql's
// default member read) are left unwrapped by the shape plugin; damage they would read reaches
// them as the wrapped field answered it, on both executors.

type Field = GraphQLField<unknown, unknown>;

const fields: Array<{ type: string; field: Field }> = Object.values(schema.getTypeMap())
  .filter((type) => isObjectType(type) && !type.name.startsWith('__'))
  .flatMap((type) =>
    Object.values((type as { getFields(): Record<string, Field> }).getFields()).map((field) => ({
      type: type.name,
      field,
    })),
  );

const placeholder = new UnseenAlternative(null, { method: 'GET', path: '/x', field: '' });

/** The rule, read from the built schema: a default member read of a scalar or enum, no arguments. */
function memberRead({ field }: { field: Field }): boolean {
  const named = getNamedType(field.type);
  return (
    field.extensions.pothosOriginalResolve === defaultFieldResolver &&
    field.args.length === 0 &&
    isLeafType(named) &&
    named.name !== 'JSON' &&
    !isListType(getNullableType(field.type)) &&
    !(field.name in placeholder)
  );
}

const fieldOf = (type: string, name: string) =>
  fields.find((f) => f.type === type && f.field.name === name)?.field as Field;

const damaged = (raw: unknown) =>
  new ShapeDamage(raw, { method: 'GET', path: '/spaces/s1', field: 'title' }, 'string expected');

describe('fields the shape plugin wraps', () => {
  it('wraps every field but plain member reads', () => {
    const plain = fields.filter(({ field }) => isPlainField(field));
    const wrapped = fields.length - plain.length;
    console.log(
      `shape plugin: ${wrapped} of ${fields.length} fields wrapped, ${plain.length} plain member reads`,
    );
    expect(plain.map(({ type, field }) => `${type}.${field.name}`)).toEqual(
      fields.filter(memberRead).map(({ type, field }) => `${type}.${field.name}`),
    );
    expect(plain.length).toBeGreaterThan(300);
    expect(wrapped).toBeLessThan(fields.length - 300);
    for (const name of ['Space.title', 'Space.createdAt', 'SpaceUrls.app', 'User.id']) {
      const [type, field] = name.split('.') as [string, string];
      expect(isPlainField(fieldOf(type, field)), name).toBe(true);
    }
    // A resolver of its own, an object, a list, JSON, a name a placeholder answers.
    for (const name of [
      'Space.visibility',
      'Space.urls',
      'Organization.emailDomains',
      'Space.mergeRules',
      'Conversation.source',
    ]) {
      const [type, field] = name.split('.') as [string, string];
      expect(isPlainField(fieldOf(type, field)), name).toBe(false);
    }
  });

  it('leaves plain member reads to the executor, or to address-first alone', () => {
    const info = { fieldName: 'title' } as GraphQLResolveInfo;
    for (const { type, field } of fields) {
      if (!isPlainField(field)) {
        // Every other field is wrapped, so no field is read by the executor unwrapped.
        expect(field.resolve, `${type}.${field.name}`).toBeTypeOf('function');
      } else if (!resourceOf(type)) {
        expect(field.resolve, `${type}.${field.name}`).toBeUndefined();
      }
    }
    // On a resource, address-first's wrapper hands a loaded body's member through as it is: no
    // shape wrapper stands behind it to turn damage into an error.
    const damage = damaged(42);
    const resolve = fieldOf('Space', 'title').resolve as NonNullable<Field['resolve']>;
    expect(resolve({ id: 's1', title: damage }, {}, {}, info)).toBe(damage);
    const wrapped = fieldOf('Space', 'urls').resolve as NonNullable<Field['resolve']>;
    expect(() => wrapped({ id: 's1', urls: damage }, {}, {}, info)).toThrow(
      'unexpected upstream value at title of GET /spaces/s1: string expected',
    );
  });
});

/** `query` over `routes` on both executors: the same answer, errors in a stable order. */
async function onBoth(routes: Record<string, unknown>, query: string): Promise<ExecutionResult> {
  const answers: Partial<Record<Executor, ExecutionResult>> = {};
  for (const executor of EXECUTORS) {
    const contextValue = createContext(new FakeUpstream(routes), 'Bearer t', false);
    const result = await executeWith(
      executor,
      { schema, document: parse(query), contextValue },
      (args) => execute(args) as ExecutionResult | Promise<ExecutionResult>,
    );
    const answer = JSON.parse(JSON.stringify(withFieldErrors(result, contextValue)));
    const key = (e: { path?: unknown[] }) => JSON.stringify(e.path);
    answer.errors?.sort((a: { path?: unknown[] }, b: { path?: unknown[] }) =>
      key(a).localeCompare(key(b)),
    );
    answers[executor] = answer;
  }
  expect(answers.jit).toEqual(answers['graphql-js']);
  return answers.jit as ExecutionResult;
}

const brief = (result: ExecutionResult) =>
  (result.errors ?? []).map((e) => ({
    path: e.path?.join('.'),
    message: e.message,
    code: e.extensions?.code,
  }));

describe('damage read by plain fields', () => {
  const org = globalId('Organization', 'o1');

  it('fails the field alone, in list items, on both executors', async () => {
    const result = await onBoth(
      {
        '/orgs/o1': restOrganization('o1'),
        '/orgs/o1/spaces?limit=51': listPage([
          restSpace('s1'),
          restSpace('s2', {
            title: ['t'],
            createdAt: 'yesterday',
            changeRequestsOpen: 1.5,
            urls: { app: { x: 1 }, location: '/spaces/s2' },
            permissions: { edit: 'yes', view: true },
          }),
          restSpace('s3', { emoji: {} }),
        ]),
      },
      `{ organization(id: "${org}") { spaces { nodes {
        title emoji createdAt changeRequestsOpen urls { app location } permissions { edit view } } } } }`,
    );
    expect(result.data).toEqual({
      organization: {
        spaces: {
          nodes: [
            {
              title: 'Space s1',
              emoji: '📘',
              createdAt: '2024-01-01T00:00:00.000Z',
              changeRequestsOpen: 0,
              urls: null,
              permissions: null,
            },
            {
              title: null,
              emoji: '📘',
              createdAt: null,
              changeRequestsOpen: null,
              urls: { app: null, location: '/spaces/s2' },
              permissions: { edit: null, view: true },
            },
            {
              title: 'Space s3',
              emoji: null,
              createdAt: '2024-01-01T00:00:00.000Z',
              changeRequestsOpen: 0,
              urls: null,
              permissions: null,
            },
          ],
        },
      },
    });
    expect(brief(result)).toMatchInlineSnapshot(`
      [
        {
          "code": "UPSTREAM_SHAPE",
          "message": "unexpected upstream value for Space.changeRequestsOpen: Int cannot represent non-integer value: 1.5",
          "path": "organization.spaces.nodes.1.changeRequestsOpen",
        },
        {
          "code": "UPSTREAM_SHAPE",
          "message": "unexpected upstream value for Space.createdAt: DateTime cannot represent an invalid date-time-string yesterday.",
          "path": "organization.spaces.nodes.1.createdAt",
        },
        {
          "code": "UPSTREAM_SHAPE",
          "message": "unexpected upstream value at items.1.permissions.edit of GET /orgs/o1/spaces: boolean expected, string received",
          "path": "organization.spaces.nodes.1.permissions.edit",
        },
        {
          "code": "UPSTREAM_SHAPE",
          "message": "unexpected upstream value at items.1.title of GET /orgs/o1/spaces: string expected, array received",
          "path": "organization.spaces.nodes.1.title",
        },
        {
          "code": "UPSTREAM_SHAPE",
          "message": "unexpected upstream value at items.1.urls.app of GET /orgs/o1/spaces: string expected, object received",
          "path": "organization.spaces.nodes.1.urls.app",
        },
        {
          "code": "UPSTREAM_SHAPE",
          "message": "unexpected upstream value at items.2.emoji of GET /orgs/o1/spaces: string expected, object received",
          "path": "organization.spaces.nodes.2.emoji",
        },
      ]
    `);
  });

  it('fails the field alone in a body read for it: by node(id), a lookup, a field', async () => {
    const routes = {
      '/spaces/s1': restSpace('s1', { emoji: ['📘'], urls: { app: 3, public: [] } }),
      '/spaces/s1/comments?limit=51': listPage([]),
    };
    const space = globalId('Space', 's1');
    for (const query of [
      `{ node(id: "${space}") { id ... on Space { title emoji urls { app public } } } }`,
      `{ space(id: "${space}") { id title emoji urls { app public } } }`,
      // A child list starts from the address: the body is read by the first field that needs it.
      `{ space(id: "${space}") { id title emoji urls { app public } comments { totalCount } } }`,
    ]) {
      const result = await onBoth(routes, query);
      const [root] = Object.keys(result.data ?? {}) as [string];
      expect(result.data?.[root]).toMatchObject({
        id: space,
        title: 'Space s1',
        emoji: null,
        urls: { app: '3', public: null },
      });
      expect(brief(result)).toEqual([
        {
          path: `${root}.emoji`,
          message:
            'unexpected upstream value at emoji of GET /spaces/s1: string expected, array received',
          code: 'UPSTREAM_SHAPE',
        },
        {
          path: `${root}.urls.public`,
          message:
            'unexpected upstream value at urls.public of GET /spaces/s1: string expected, array received',
          code: 'UPSTREAM_SHAPE',
        },
      ]);
    }
  });

  it('bubbles the null of a non-null plain field to its parent alike', async () => {
    const user = (id: unknown) => ({ object: 'user', id, displayName: 'U' });
    const comment = (id: string, postedBy: unknown) => ({
      object: 'comment',
      id,
      postedBy,
      postedAt: '2024-01-01T00:00:00.000Z',
      reactions: [],
      replies: 0,
      repliers: [],
      body: { markdown: id },
      target: { space: 's1' },
      urls: {},
      permissions: { view: true },
      status: 'open',
    });
    const result = await onBoth(
      {
        '/spaces/s1': restSpace('s1', { comments: 2 }),
        '/spaces/s1/comments?limit=51': listPage([
          comment('k1', user('u1')),
          comment('k2', user({ not: 'an id' })),
        ]),
      },
      `{ space(id: "${globalId('Space', 's1')}") { comments { nodes {
        body { markdown } postedBy { id displayName } } } } }`,
    );
    expect(result.data).toEqual({
      space: {
        comments: {
          nodes: [
            { body: { markdown: 'k1' }, postedBy: { id: 'u1', displayName: 'U' } },
            { body: { markdown: 'k2' }, postedBy: null },
          ],
        },
      },
    });
    expect(brief(result)).toEqual([
      {
        path: 'space.comments.nodes.1.postedBy.id',
        message:
          'unexpected upstream value at items.1.postedBy.id of GET /spaces/s1/comments: string expected, object received',
        code: 'UPSTREAM_SHAPE',
      },
    ]);
  });
});
