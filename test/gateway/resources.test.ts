import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ValidationError } from '../../src/gateway/errors.ts';
import { defineResource } from '../../src/gateway/resources/resource.ts';
import { OrganizationResource } from '../../src/gateway/schema/organization/resource.ts';
import { SpaceResource } from '../../src/gateway/schema/space/resource.ts';
import type {
  Upstream,
  UpstreamRequest,
  UpstreamResponse,
} from '../../src/gateway/upstream/client.ts';
import { restOrganization, restSpace } from '../support/fixtures.ts';
import { FakeUpstream, runSchema } from '../support/gateway.ts';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Wraps an upstream and records how many calls were in flight at once, at most. */
class Overlap implements Upstream {
  inFlight = 0;
  most = 0;
  constructor(private readonly inner: FakeUpstream) {}
  async request(req: UpstreamRequest): Promise<UpstreamResponse> {
    this.inFlight++;
    this.most = Math.max(this.most, this.inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return await this.inner.request(req);
    } finally {
      this.inFlight--;
    }
  }
  async close(): Promise<void> {}
}

const page = (items: unknown[]) => ({ items, count: items.length });

describe('address-first resolution', () => {
  it('lists the spaces of an organization given by id in one call, without reading it', async () => {
    const up = new FakeUpstream({
      '/orgs/o1/spaces?limit=21': page([restSpace('s1'), restSpace('s2')]),
    });
    const result = await runSchema(
      up,
      '{ organization(id: "o1") { id spaces(first: 20) { nodes { title } } } }',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.organization).toMatchObject({
      spaces: { nodes: [{ title: 'Space s1' }, { title: 'Space s2' }] },
    });
    expect(up.paths).toEqual(['/orgs/o1/spaces?limit=21']);
  });

  it('reads an object and its child list at the same time, not one after the other', async () => {
    const fake = new FakeUpstream({
      '/orgs/o1': restOrganization('o1', { title: 'Acme' }),
      '/orgs/o1/spaces?limit=51': page([restSpace('s1')]),
    });
    const up = new Overlap(fake);
    const result = await runSchema(
      up,
      '{ organization(id: "o1") { title spaces { nodes { title } } } }',
    );
    expect(result.errors).toBeUndefined();
    expect(fake.paths.sort()).toEqual(['/orgs/o1', '/orgs/o1/spaces?limit=51']);
    expect(up.most).toBe(2);
  });

  it('reads a list once for aliases that differ only in `first`', async () => {
    const spaces = Array.from({ length: 8 }, (_, i) => restSpace(`s${i}`));
    const up = new FakeUpstream({ '/orgs/o1/spaces?limit=7': page(spaces.slice(0, 7)) });
    const result = await runSchema(
      up,
      `{ organization(id: "o1") {
        a: spaces(first: 2) { nodes { id } pageInfo { hasNextPage } }
        b: spaces(first: 6) { nodes { id } pageInfo { hasNextPage } } } }`,
    );
    expect(result.errors).toBeUndefined();
    const org = result.data?.organization as Record<string, { nodes: unknown[] }>;
    expect(org.a?.nodes).toHaveLength(2);
    expect(org.b?.nodes).toHaveLength(6);
    expect(org.a).toMatchObject({ pageInfo: { hasNextPage: true } });
    expect(up.paths).toEqual(['/orgs/o1/spaces?limit=7']);
  });

  it('fails the object itself when only its own fields are asked and it cannot be read', async () => {
    const up = new FakeUpstream({});
    const result = await runSchema(up, '{ space(id: "nope") { title emoji } }');
    expect(result.data).toEqual({ space: null });
    expect(result.errors).toHaveLength(1);
    expect(result.errors?.[0]?.path).toEqual(['space']);
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers a later mutation payload with the state after the earlier writes of the document', async () => {
    let title = 'Before';
    const up = new FakeUpstream({}, (req) => {
      if (req.method === 'PATCH' && req.path === '/orgs/o1') {
        title = (req.body as { title: string }).title;
        return { body: restOrganization('o1', { title }) };
      }
      if (req.method === 'POST' && req.path === '/orgs/o1/ping') return { body: {} };
      if (req.method === 'GET' && req.path === '/orgs/o1') {
        return { body: restOrganization('o1', { title }) };
      }
      return undefined;
    });
    const result = await runSchema(
      up,
      `mutation {
        a: pingOrganization(input: { organizationId: "o1" }) {
          ... on PingOrganizationPayload { organization { title } } }
        b: updateOrganization(input: { organizationId: "o1", title: "After" }) {
          ... on OrganizationPayload { organization { id } } }
        c: pingOrganization(input: { organizationId: "o1" }) {
          ... on PingOrganizationPayload { organization { title } } } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toMatchObject({
      a: { organization: { title: 'Before' } },
      c: { organization: { title: 'After' } },
    });
    expect(up.paths).toEqual([
      'POST /orgs/o1/ping',
      '/orgs/o1',
      'PATCH /orgs/o1',
      'POST /orgs/o1/ping',
      '/orgs/o1',
    ]);
  });
});

describe('resource descriptors', () => {
  const Thing = defineResource({
    typename: 'ResourceTestThing',
    segments: ['org', 'id'],
    parents: { org: OrganizationResource },
    routes: { item: '/orgs/{organizationId}/things/{thingId}' },
    contract: z.object({ id: z.string() }),
    addressFields: [],
  });
  const scoped = defineResource({
    typename: 'ResourceTestScoped',
    segments: ['space', 'changeRequest?', 'id'],
    routes: {
      item: [
        '/spaces/{spaceId}/things/{thingId}',
        '/spaces/{spaceId}/change-requests/{changeRequestId}/things/{thingId}',
      ],
    },
    contract: z.object({ id: z.string() }),
    addressFields: [],
  });

  it('encodes every address segment into the global ID and reads it back', () => {
    const id = Thing.globalId({ org: 'o/1', id: 't 1' });
    expect(Buffer.from(id, 'base64').toString()).toBe('ResourceTestThing:o%2F1/t%201');
    expect(Thing.parseInput(id)).toEqual({ org: 'o/1', id: 't 1' });
    expect(scoped.parseLocal('s1/t1')).toEqual({ space: 's1', id: 't1' });
    expect(scoped.parseLocal('s1/c1/t1')).toEqual({ space: 's1', changeRequest: 'c1', id: 't1' });
    expect(scoped.parseLocal('s1')).toBeUndefined();
    expect(scoped.parseLocal('s1/../t1')).toBeUndefined();
  });

  it('takes a REST id with its parent, given as a REST id or a global ID', () => {
    const org = OrganizationResource.globalId({ id: 'o1' });
    expect(Thing.parseInput('t1', { parents: { org: 'o1' } })).toEqual({ org: 'o1', id: 't1' });
    expect(Thing.parseInput('t1', { parents: { org } })).toEqual({ org: 'o1', id: 't1' });
    expect(Thing.parseInput(Thing.globalId({ org: 'o1', id: 't1' }), { parents: { org } })).toEqual(
      { org: 'o1', id: 't1' },
    );
  });

  it('answers BAD_USER_INPUT, with no call, to a global ID beside a parent it is not in', () => {
    const attempt = (field?: string) => {
      try {
        Thing.parseInput(Thing.globalId({ org: 'o1', id: 't1' }), {
          parents: { org: 'o2' },
          ...(field ? { field, parentFields: { org: 'organizationId' } } : {}),
        });
      } catch (e) {
        return e;
      }
    };
    const argument = attempt() as GraphQLError;
    expect(argument.extensions.code).toBe('BAD_USER_INPUT');
    expect(argument.message).toBe('id: not in the organizationId given beside it');
    // In a mutation input: a ValidationError naming the field.
    const input = attempt('thingId') as ValidationError;
    expect(input).toBeInstanceOf(ValidationError);
    expect(input.fieldErrors).toEqual([
      { path: ['thingId'], message: 'not in the organizationId given beside it' },
    ]);
  });

  it('refuses a missing parent, another type and dot segments', () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['t1', {}],
      [SpaceResource.globalId({ id: 's1' }), { org: 'o1' }],
      ['..', { org: 'o1' }],
      ['t1', { org: '.' }],
      [b64('ResourceTestThing:o1'), {}],
    ];
    for (const [value, parents] of cases) {
      const error = (() => {
        try {
          Thing.parseInput(value, { parents });
        } catch (e) {
          return e;
        }
      })();
      expect(error, value).toBeInstanceOf(GraphQLError);
      expect((error as GraphQLError).extensions.code).toBe('BAD_USER_INPUT');
    }
    expect(() =>
      Thing.parseInput('t1', { field: 'thingId', parentFields: { org: 'organizationId' } }),
    ).toThrow(ValidationError);
  });

  it('makes no reference of an empty or malformed id in an answer', () => {
    expect(Thing.ref({ org: 'o1', id: '' })).toBeNull();
    expect(Thing.ref({ org: '', id: 't1' })).toBeNull();
    expect(Thing.ref({ org: 'o1', id: '..' })).toBeNull();
    expect(scoped.ref({ space: 's1', id: 't1' })).toEqual({ space: 's1', id: 't1' });
    expect(scoped.ref({ space: 's1', changeRequest: '', id: 't1' })).toBeNull();
  });
});
