// `_entities` of the subgraph over the embedded workspace: keys, upstream calls and the cost
// estimate, counted at the gateway's upstream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subgraph } from '../../src/gateway/federation/schema.ts';
import type { RunningStack } from '../../src/stack.ts';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';
import { toRestId } from '../support/ids.ts';
import { post, servedGateway, startWorkspace } from './support.ts';

const ADMIN = { authorization: `Bearer ${DEMO_TOKENS.admin}` };
const ENTITIES = `query ($r: [_Any!]!) { _entities(representations: $r) { __typename ... on Space { SELECTED } } }`;

let workspace: RunningStack;
let docs: Awaited<ReturnType<typeof servedGateway>>;
let cheap: Awaited<ReturnType<typeof servedGateway>>;
let spaces: { id: string; title: string }[];
let fifty: { id: string; title: string }[];
let changeRequest: { id: string; number: number; space: { id: string } };
let team: { id: string; organization: { id: string } };

async function entities(selected: string, representations: unknown[], url = docs.url) {
  const before = docs.upstream.requests.length;
  const body = await post(
    url,
    ENTITIES.replace('SELECTED', selected),
    { r: representations },
    ADMIN,
  );
  return { body, calls: docs.upstream.requests.length - before };
}

beforeAll(async () => {
  workspace = await startWorkspace();
  docs = await servedGateway(workspace.url, true);
  cheap = await servedGateway(workspace.url, true, 10);
  const found = await post(
    docs.url,
    `{ organizations(first: 10) { nodes { spaces(first: 100) { nodes { id title } }
        teams(first: 1) { nodes { id organization { id } } } } }
       changeRequests: organizations(first: 1) { nodes { spaces(first: 10) { nodes {
         changeRequests(first: 1) { nodes { id number space { id } } } } } } } }`,
    {},
    ADMIN,
  );
  type Found = {
    organizations: {
      nodes: {
        spaces: { nodes: { id: string; title: string }[] };
        teams: { nodes: { id: string; organization: { id: string } }[] };
      }[];
    };
    changeRequests: {
      nodes: { spaces: { nodes: { changeRequests: { nodes: (typeof changeRequest)[] } }[] } }[];
    };
  };
  const data = found.data as Found;
  spaces = data.organizations.nodes.flatMap((o) => o.spaces.nodes).slice(0, 50);
  // 50 representations, of every space the demo admin sees (some named twice).
  fifty = Array.from(
    { length: 50 },
    (_, i) => spaces[i % spaces.length] as (typeof spaces)[number],
  );
  team = data.organizations.nodes.flatMap((o) => o.teams.nodes)[0] as typeof team;
  changeRequest = data.changeRequests.nodes
    .flatMap((o) => o.spaces.nodes)
    .flatMap((s) => s.changeRequests.nodes)[0] as typeof changeRequest;
}, 60_000);

afterAll(async () => {
  await docs?.close();
  await cheap?.close();
  await workspace?.close();
});

describe('_entities', () => {
  it('serves the Federation v2 SDL at _service { sdl }', async () => {
    const body = await post(docs.url, '{ _service { sdl } }', {}, ADMIN);
    expect((body.data as { _service: { sdl: string } })._service.sdl).toBe(subgraph().sdl);
    expect(subgraph().sdl).toContain(
      'type Space implements Node\n  @key(fields: "id")\n  @key(fields: "restId")',
    );
  });

  it('answers 50 Space representations selecting only their key with no upstream call', async () => {
    expect(spaces.length).toBeGreaterThan(20);
    const byId = await entities(
      'id',
      fifty.map((s) => ({ __typename: 'Space', id: s.id })),
    );
    expect(byId.body.errors).toBeUndefined();
    expect(byId.calls).toBe(0);
    const byRestId = await entities(
      'id restId',
      fifty.map((s) => ({ __typename: 'Space', restId: toRestId(s.id, 'Space') })),
    );
    expect(byRestId.calls).toBe(0);
    expect(byRestId.body.data).toEqual({
      _entities: fifty.map((s) => ({
        __typename: 'Space',
        id: s.id,
        restId: toRestId(s.id, 'Space'),
      })),
    });
  });

  it('reads each Space of 50 representations once when their title is selected', async () => {
    const reps = fifty.map((s) => ({ __typename: 'Space', id: s.id }));
    const { body, calls } = await entities('title', reps);
    expect(body.errors).toBeUndefined();
    expect(calls).toBe(spaces.length);
    expect(calls).toBeLessThanOrEqual(50);
    const titles = (body.data as { _entities: { title: string }[] })._entities.map((e) => e.title);
    expect(titles).toEqual(fifty.map((s) => s.title));
  });

  it('resolves natural keys: a team by organization and REST id, a change request by number', async () => {
    const body = await post(
      docs.url,
      `query ($r: [_Any!]!) { _entities(representations: $r) {
        ... on Team { id } ... on ChangeRequest { id restId number } } }`,
      {
        r: [
          {
            __typename: 'Team',
            organization: { restId: toRestId(team.organization.id, 'Organization') },
            restId: toRestId(team.id, 'Team'),
          },
          {
            __typename: 'ChangeRequest',
            space: { id: changeRequest.space.id },
            number: changeRequest.number,
          },
        ],
      },
      ADMIN,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      _entities: [
        { id: team.id },
        // Named by its number, it shows its own id.
        {
          id: changeRequest.id,
          restId: toRestId(changeRequest.id, 'ChangeRequest'),
          number: changeRequest.number,
        },
      ],
    });
  });

  it('fails a representation alone: a missing object NOT_FOUND, a bad one BAD_USER_INPUT', async () => {
    const { body } = await entities('title', [
      { __typename: 'Space', id: spaces[0]?.id },
      { __typename: 'Space', restId: 'nosuchspace0000000' },
      { __typename: 'Space', id: 'not a global id' },
      { __typename: 'Nothing', id: 'x' },
    ]);
    const data = (body.data as { _entities: unknown[] })._entities;
    expect(data[0]).toEqual({ __typename: 'Space', title: spaces[0]?.title });
    expect(data.slice(1)).toEqual([null, null, null]);
    const errors = body.errors?.map((e) => [e.path, e.extensions?.code]);
    expect(errors?.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      [['_entities', 1], 'NOT_FOUND'],
      [['_entities', 2], 'BAD_USER_INPUT'],
      [['_entities', 3], 'BAD_USER_INPUT'],
    ]);
  });

  it('is covered by the cost limit: representations count as nodes ids', async () => {
    const reps = fifty.map((s) => ({ __typename: 'Space', id: s.id }));
    const free = await entities('id', reps, cheap.url);
    expect(free.body.errors).toBeUndefined();
    const costly = await entities('title', reps, cheap.url);
    expect(costly.body.errors?.[0]?.extensions).toMatchObject({
      code: 'COST_LIMIT_EXCEEDED',
      cost: spaces.length,
    });
    expect(costly.calls).toBe(0);
  });
});
