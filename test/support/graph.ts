import type { GraphQLFormattedError } from 'graphql';
import { expect } from 'vitest';
import type { DemoPersona } from '../../src/workspace/demo/users.ts';
import type { E2EStack } from './gateway.ts';

export type Data = Record<string, unknown>;
type Variables = Record<string, unknown>;
type GqlOptions = NonNullable<Parameters<E2EStack['gql']>[2]>;
type GqlBody = Awaited<ReturnType<E2EStack['gql']>>['body'];

/** One entry of `extensions.upstream` in a debug response. */
export interface UpstreamCall {
  method: string;
  path: string;
  status: number;
  ms: number;
  loader: boolean;
}

/** Upstream HTTP calls of a debug response (loader hits are not calls). */
export const httpCalls = (body: { extensions?: Record<string, unknown> }): UpstreamCall[] =>
  ((body.extensions?.upstream as UpstreamCall[] | undefined) ?? []).filter((c) => !c.loader);

/** Entries in `extensions.upstream`; -1 when the response lists none at all (debug off). */
export const upstreamCount = (body: { extensions?: Record<string, unknown> }): number =>
  (body.extensions?.upstream as unknown[] | undefined)?.length ?? -1;

/** The `extensions.code` of each error, in order. */
export const errorCodes = (errors: readonly GraphQLFormattedError[] | undefined) =>
  (errors ?? []).map((e) => e.extensions?.code);

/** The path of each error, joined by dots, in order. */
export const errorPaths = (errors: readonly GraphQLFormattedError[] | undefined) =>
  (errors ?? []).map((e) => e.path?.join('.'));

/** Request helpers over the stack `e2e()` returns once `beforeAll` has started it. */
export function graphHelpers(e2e: () => E2EStack) {
  /** Runs an operation and answers its body, whatever it holds. */
  async function send(
    query: string,
    variables: Variables = {},
    options: GqlOptions = {},
  ): Promise<GqlBody> {
    return (await e2e().gql(query, variables, options)).body;
  }

  /** Runs an operation (as a persona, or with options) and fails the test on any GraphQL error. */
  async function ok<T = Data>(
    query: string,
    variables: Variables = {},
    as: DemoPersona | null | GqlOptions = 'admin',
  ): Promise<T> {
    const options = as === null || typeof as === 'string' ? { as } : as;
    const { status, body } = await e2e().gql(query, variables, options);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    expect(status).toBe(200);
    return body.data as T;
  }

  /** Runs a mutation field and returns its typename, plus the upstream calls it made. */
  async function typed(
    query: string,
    variables: Variables = {},
    as: DemoPersona | null = 'admin',
  ): Promise<{ result: Data & { __typename: string }; calls: number }> {
    const { body } = await e2e().gql(query, variables, { as, debug: true });
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const result = Object.values(body.data as Data)[0] as Data & { __typename: string };
    return { result, calls: upstreamCount(body) };
  }

  return { send, ok, typed };
}

/** Global IDs of the caller's organizations, by title. */
export async function organizationIds(e2e: E2EStack): Promise<Record<string, string>> {
  const { status, body } = await e2e.gql('{ organizations { nodes { id title } } }');
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  expect(status).toBe(200);
  const { nodes } = (
    body.data as { organizations: { nodes: Array<{ id: string; title: string }> } }
  ).organizations;
  return Object.fromEntries(nodes.map((o) => [o.title, o.id]));
}

/** Global ID of the caller's first organization. */
export async function firstOrganizationId(e2e: E2EStack): Promise<string> {
  const { body } = await e2e.gql('{ organizations { nodes { id } } }');
  return (body.data as { organizations: { nodes: Array<{ id: string }> } }).organizations.nodes[0]
    ?.id as string;
}
