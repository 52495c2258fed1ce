import type { ExecutionResult } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchCases, PROBE_QUERY, probeIds } from '../../bench/cases.ts';
import { readAnswer } from '../../src/client/fetcher.ts';
import {
  ChangeRequestChangesDocument,
  ChangeRequestDetailDocument,
} from '../../src/client/index.ts';
import { UpstreamClient } from '../../src/gateway/upstream/client.ts';
import { createGateway, type Gateway } from '../../src/gateway/yoga.ts';
import { type RunningStack, startStack } from '../../src/stack.ts';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';
import { errorCodes } from '../support/graph.ts';
import { localIdOf, restIdOf } from '../support/ids.ts';
import { HeldUpstream } from '../support/rounds.ts';

// A change request named by its number, over the embedded `/v1`, every answer held until the
// gateway asks nothing more without it: the rounds of calls are the dependency depth of a query,
// and the calls of a round were all made before any of them was answered.

let workspace: RunningStack;
let upstream: HeldUpstream;
let gateway: Gateway;
/** A space's global ID, and a change request of it that has comments. */
let space: string;
let cr: { id: string; number: string };

/** Runs an operation as the demo admin: its answer, and the calls of each round. */
async function run(query: string, variables: Record<string, unknown> = {}) {
  const { result, rounds } = await upstream.inRounds(async () => {
    const response = await gateway.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${DEMO_TOKENS.admin}`,
      },
      body: JSON.stringify({ query, variables }),
    });
    return (await readAnswer(response)) as ExecutionResult;
  });
  return { ...result, rounds };
}

beforeAll(async () => {
  workspace = await startStack({ port: 0, host: '127.0.0.1', dbPath: ':memory:', gateway: false });
  upstream = new HeldUpstream(new UpstreamClient({ baseUrl: workspace.url }));
  gateway = createGateway({ upstream, guard: { maxCost: 1_000_000 } });
  const { data, errors } =
    await run(`{ organizations(first: 1) { nodes { changeRequests(first: 20) {
    nodes { id number space { id } comments(first: 1) { totalCount } } } } } }`);
  expect(errors).toBeUndefined();
  type Listed = { id: string; number: number; space: { id: string } };
  const listed = (
    data as {
      organizations: {
        nodes: Array<{
          changeRequests: { nodes: Array<Listed & { comments: { totalCount: number } }> };
        }>;
      };
    }
  ).organizations.nodes[0]?.changeRequests.nodes.find((c) => c.comments.totalCount > 0);
  if (!listed) throw new Error('no change request with comments in the demo data');
  space = listed.space.id;
  cr = { id: listed.id, number: String(listed.number) };
}, 60_000);

afterAll(async () => {
  await gateway?.upstream.close();
  await workspace?.close();
});

/** The path of the change request read by `idOrNumber`. */
const crPath = (idOrNumber: string) =>
  `/spaces/${restIdOf(space, 'Space')}/change-requests/${idOrNumber}`;

/** The calls of `rounds` that read the change request itself (by number or by id). */
const crReads = (rounds: string[][]) =>
  rounds.flat().filter((path) => path === crPath(cr.number) || path === crPath(restIdOf(cr.id)));

/** The change request id a global ID of an object under it holds (its second segment). */
const crOf = (id: string, typename: string) =>
  decodeURIComponent(localIdOf(id, typename).split('/')[1] ?? '');

describe('a change request named by its number', () => {
  it('reads its comments and pages at its number path beside its own read, in one round', async () => {
    const { data, errors, rounds } = await run(
      `query($space: ID!, $n: String!) { space(id: $space) { changeRequest(idOrNumber: $n) {
        comments(first: 5) { nodes { id body { markdown } } } pages { id title } } } }`,
      { space, n: cr.number },
    );
    expect(errors).toBeUndefined();
    const at = crPath(cr.number);
    // Every call was made before any was answered: its own read first (for the ids of the
    // objects under it), then its comments and pages, at its number path.
    expect(rounds).toHaveLength(1);
    const round = (rounds[0] ?? []).map((path) => path.split('?')[0]);
    expect(round[0]).toBe(at);
    expect(round.sort()).toEqual([at, `${at}/comments`, `${at}/content/pages`].sort());
    // The IDs of the objects under it hold the request's id, never its number.
    const { comments, pages } = (
      data as {
        space: {
          changeRequest: {
            comments: { nodes: Array<{ id: string }> };
            pages: Array<{ id: string }>;
          };
        };
      }
    ).space.changeRequest;
    expect(comments.nodes.length).toBeGreaterThan(0);
    expect(pages.length).toBeGreaterThan(0);
    for (const comment of comments.nodes) expect(crOf(comment.id, 'Comment')).toBe(restIdOf(cr.id));
    for (const page of pages) expect(crOf(page.id, 'Page')).toBe(restIdOf(cr.id));
  });

  it('reads itself once, by number, for its id and body beside its comments', async () => {
    const query = `query($space: ID!, $n: String!) { space(id: $space) {
      changeRequest(idOrNumber: $n) { id subject number comments(first: 5) { totalCount } } } }`;
    const { data, errors, rounds } = await run(query, { space, n: cr.number });
    expect(errors).toBeUndefined();
    // As many rounds as when it is named by its global ID, whose address needs no read.
    const byId = await run(query, { space, n: cr.id });
    expect(byId.errors).toBeUndefined();
    expect(rounds).toHaveLength(1);
    expect(byId.rounds).toHaveLength(1);
    expect(crReads(rounds)).toEqual([crPath(cr.number)]);
    // Its global ID is the one its listing shows: the id the number stands for.
    expect(data).toMatchObject({
      space: { changeRequest: { id: cr.id, number: Number(cr.number) } },
    });
  });

  it('reads nothing of itself when nothing under it shows an id or its body', async () => {
    const { errors, rounds } = await run(
      `query($space: ID!, $n: String!) { space(id: $space) { changeRequest(idOrNumber: $n) {
        comments(first: 5) { totalCount nodes { body { markdown } } } } } }`,
      { space, n: cr.number },
    );
    expect(errors).toBeUndefined();
    expect(rounds.map((round) => round.map((path) => path.split('?')[0]))).toEqual([
      [`${crPath(cr.number)}/comments`],
    ]);
  });

  it('answers the client’s detail and diff queries with one read of it, by number', async () => {
    const variables = { spaceId: space, idOrNumber: cr.number };
    // Its comments and its space beside its own read; then the replies and the organization.
    const detail = await run(ChangeRequestDetailDocument.toString(), variables);
    expect(detail.errors).toBeUndefined();
    expect(detail.rounds).toHaveLength(2);
    expect(crReads(detail.rounds)).toEqual([crPath(cr.number)]);
    // Its read (its body names its base); its own page tree beside its base's; every page (and,
    // when main moved on, the space, then main's tree, then its pages).
    const changes = await run(ChangeRequestChangesDocument.toString(), variables);
    expect(changes.errors).toBeUndefined();
    const outdated = (changes.data as { changeRequest: { diff: { outdated: boolean } } })
      .changeRequest.diff.outdated;
    expect(changes.rounds).toHaveLength(outdated ? 5 : 3);
    expect(changes.rounds[0]).toEqual([crPath(cr.number)]);
    expect(changes.rounds[1]?.map((path) => path.replace(/^\/spaces\/[^/]+/, '')).sort()).toEqual([
      `/change-requests/${cr.number}/content/pages`,
      expect.stringMatching(/^\/revisions\/[^/]+\/pages$/),
    ]);
    expect(crReads(changes.rounds)).toEqual([crPath(cr.number)]);
  });

  it('meets the dependency depth the benchmark declares for its diff view', async () => {
    const probe = await run(PROBE_QUERY);
    const view = benchCases(probeIds(probe.data as Record<string, unknown>)).find(
      (c) => c.name === 'change request diff view',
    );
    if (!view) throw new Error('no diff view in the benchmark');
    const { errors, rounds } = await run(view.query, view.variables);
    expect(errors).toBeUndefined();
    expect(rounds).toHaveLength(view.depth);
  });
});

describe('a number no change request has', () => {
  const missing = (selection: string) =>
    run(
      `query($space: ID!) { space(id: $space) { changeRequest(idOrNumber: "999999") {
        ${selection} } } }`,
      { space },
    );

  it('fails the request itself when only its body is asked, as its read fails', async () => {
    const { data, errors } = await missing('subject');
    expect(data).toEqual({ space: { changeRequest: null } });
    expect(errors).toHaveLength(1);
    expect(errors?.[0]).toMatchObject({
      message: 'change request not found',
      path: ['space', 'changeRequest'],
      extensions: { code: 'NOT_FOUND', status: 404 },
    });
  });

  it('answers null with NOT_FOUND when its id is asked beside the objects under it', async () => {
    const { data, errors, rounds } = await missing('id comments { totalCount } pages { id }');
    expect(rounds).toHaveLength(1);
    expect(data).toEqual({ space: { changeRequest: null } });
    expect(errors?.length).toBeGreaterThan(0);
    expect(new Set(errors?.map((e) => e.message))).toEqual(new Set(['change request not found']));
    expect(new Set(errorCodes(errors))).toEqual(new Set(['NOT_FOUND']));
    expect(errors?.some((e) => e.path?.join('.') === 'space.changeRequest.id')).toBe(true);
  });

  it('fails each object under it with NOT_FOUND when only those are asked', async () => {
    const { data, errors } = await missing('comments { totalCount } pages { title }');
    expect(data).toEqual({ space: { changeRequest: { comments: null, pages: null } } });
    expect(errors?.map((e) => e.path?.join('.')).sort()).toEqual([
      'space.changeRequest.comments',
      'space.changeRequest.pages',
    ]);
    expect(new Set(errors?.map((e) => e.message))).toEqual(new Set(['change request not found']));
    expect(new Set(errorCodes(errors))).toEqual(new Set(['NOT_FOUND']));
  });
});
