import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ChangeRequest, ChangeRequestList } from '../../src/contract/changeRequests.ts';
import { CommentList } from '../../src/contract/comments.ts';
import { Revision } from '../../src/contract/content.ts';
import { MemberList } from '../../src/contract/members.ts';
import { Organization, OrganizationList } from '../../src/contract/organizations.ts';
import { Space, SpaceList } from '../../src/contract/spaces.ts';
import { rawOf, ShapeDamage, UnseenAlternative } from '../../src/gateway/upstream/damage.ts';
import { exact, MISMATCH } from '../../src/gateway/upstream/tolerant/exact.ts';
import { parseTolerant, parseTolerantWalk } from '../../src/gateway/upstream/tolerant.ts';
import { createTestWorkspace, type TestWorkspace } from '../support/workspace.ts';

type Pointer = Array<string | number>;

/** Every place of a value, up to `depth` levels (the root included). */
function places(value: unknown, depth = 6, at: Pointer = []): Pointer[] {
  const out: Pointer[] = [at];
  if (depth === 0 || value === null || typeof value !== 'object') return out;
  const entries = Array.isArray(value)
    ? value.slice(0, 2).map((item, i) => [i, item] as const)
    : Object.entries(value);
  for (const [key, member] of entries) out.push(...places(member, depth - 1, [...at, key]));
  return out;
}

const REMOVE = Symbol('remove');

function setAt(body: unknown, pointer: Pointer, value: unknown): unknown {
  if (pointer.length === 0) return value;
  const [head, ...rest] = pointer as [string | number, ...Pointer];
  const copy = (Array.isArray(body) ? [...body] : { ...(body as object) }) as Record<
    string | number,
    unknown
  >;
  const next = setAt(copy[head], rest, value);
  if (next === REMOVE && !Array.isArray(copy)) delete copy[head];
  else copy[head] = next;
  return copy;
}

/** The damages the shape tier makes, and the tolerances the parser applies. */
function variants(value: unknown): unknown[] {
  const out: unknown[] = [REMOVE, null, 'x-wrong-type', 123.5, true, ['x'], { x_wrong: true }];
  if (typeof value === 'number') out.push(String(value));
  if (typeof value === 'string') out.push(42, `${value}-other`);
  if (Array.isArray(value)) out.push([...value, { object: 'x-unknown-kind' }], []);
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    out.push({ ...value, x_unknown_field: [1, 'two'] });
  }
  return out;
}

/** Where two parsed values differ (members, damage, the raw values kept), or '' if nowhere. */
function difference(a: unknown, b: unknown, at = '$'): string {
  if (a instanceof ShapeDamage || b instanceof ShapeDamage) {
    return a instanceof ShapeDamage && b instanceof ShapeDamage && a.problem === b.problem
      ? ''
      : at;
  }
  if (a instanceof UnseenAlternative !== b instanceof UnseenAlternative) return at;
  if (a !== rawOf(a) || b !== rawOf(b)) {
    if (JSON.stringify(rawOf(a)) !== JSON.stringify(rawOf(b))) return `${at} (raw)`;
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    return Object.is(a, b) ? '' : at;
  }
  if (a instanceof UnseenAlternative) return '';
  const keys = Object.keys(a);
  if (keys.join() !== Object.keys(b).join()) return `${at} (members)`;
  for (const key of keys) {
    const found = difference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${at}.${key}`,
    );
    if (found) return found;
  }
  return '';
}

describe('the compiled tolerant parser', () => {
  let workspace: TestWorkspace;
  const answers: Array<{ name: string; schema: z.ZodType; body: unknown }> = [];

  beforeAll(async () => {
    workspace = await createTestWorkspace();
    const org = workspace.demo.organizationId;
    const space = workspace.demo.spaceIds[0] as string;
    const get = async (url: string) => {
      const response = await workspace.request('GET', `/v1${url}`);
      expect(response.status, url).toBe(200);
      return response.body;
    };
    const changeRequests = (await get(`/spaces/${space}/change-requests`)) as {
      items: Array<{ id: string }>;
    };
    const table: Array<[string, z.ZodType, string]> = [
      ['organizations', OrganizationList, '/orgs'],
      ['organization', Organization, `/orgs/${org}`],
      ['spaces', SpaceList, `/orgs/${org}/spaces`],
      ['space', Space, `/spaces/${space}`],
      ['change requests', ChangeRequestList, `/spaces/${space}/change-requests`],
      [
        'change request',
        ChangeRequest,
        `/spaces/${space}/change-requests/${changeRequests.items[0]?.id}`,
      ],
      ['comments', CommentList, `/spaces/${space}/comments`],
      ['revision', Revision, `/spaces/${space}/content`],
      ['members', MemberList, `/orgs/${org}/members`],
    ];
    for (const [name, schema, url] of table) answers.push({ name, schema, body: await get(url) });
  });
  afterAll(() => workspace.close());

  it('parses the workspace answers in one pass', () => {
    for (const { name, schema, body } of answers) {
      const walked = parseTolerantWalk(schema, body, 'GET', '/x');
      if (walked.deviations.length > 0) continue;
      const matched = exact(schema)(body);
      expect(matched, name).not.toBe(MISMATCH);
      expect(difference(matched, walked.value), name).toBe('');
    }
    // The hottest reads among them: nothing to record, so nothing walked.
    for (const name of ['spaces', 'space', 'organization', 'change request']) {
      const answer = answers.find((a) => a.name === name);
      expect(exact(answer?.schema as z.ZodType)(answer?.body), name).not.toBe(MISMATCH);
    }
  });

  it('records the same damage, absences and values as the walk, for every damage', () => {
    let compared = 0;
    let checked = 0;
    for (const { name, schema, body } of answers) {
      for (const pointer of places(body)) {
        const at = pointer.reduce<unknown>(
          (value, key) => (value as Record<string | number, unknown>)[key],
          body,
        );
        for (const variant of variants(at)) {
          const damaged = setAt(body, pointer, variant);
          const compiled = parseTolerant(schema, damaged, 'GET', '/x');
          const walked = parseTolerantWalk(schema, damaged, 'GET', '/x');
          const where = `${name} at ${pointer.join('.')} = ${JSON.stringify(variant)}`;
          if (JSON.stringify(compiled.deviations) !== JSON.stringify(walked.deviations)) {
            expect(compiled.deviations, where).toEqual(walked.deviations);
          }
          const differs = difference(compiled.value, walked.value);
          if (differs) expect.fail(`${where}: differs at ${differs}`);
          if (exact(schema)(damaged) !== MISMATCH) {
            checked++;
            if (walked.deviations.length > 0) expect(walked.deviations, where).toEqual([]);
          }
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(2_000);
    // Some damages are within the contract (another string, an unknown member): the exact
    // parse takes them, and the walk agrees.
    expect(checked).toBeGreaterThan(100);
  }, 120_000);
});
