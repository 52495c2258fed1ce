import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type ChangeRequestDetailQuery,
  type ChangeRequestDetailQueryVariables,
  type ChangeRequestStatus,
  ChangeRequestsDocument,
  type ChangeRequestsQuery,
  type ChangeRequestsQueryVariables,
  createDocsGraphClient,
  type MergeChangeRequestMutation,
  type MergeChangeRequestMutationVariables,
  type OrganizationSpacesQueryVariables,
  type PostCommentReplyMutationVariables,
  type useChangeRequestDetailQuery,
  useChangeRequestsQuery,
  type useMergeChangeRequestMutation,
  useOrganizationSpacesQuery,
} from '../../src/client/index.ts';

// Type-level: these are checked by `tsc --noEmit` (and by the compile test in compile.test.ts).
describe('generated hooks are typed from the schema', () => {
  it('query variables follow the operation and schema types', () => {
    expectTypeOf<ChangeRequestDetailQueryVariables>().toEqualTypeOf<{
      spaceId: string;
      idOrNumber: string;
      comments?: number | null | undefined;
    }>();
    expectTypeOf<ChangeRequestsQueryVariables['status']>().toEqualTypeOf<
      ChangeRequestStatus | null | undefined
    >();
    expectTypeOf<OrganizationSpacesQueryVariables['after']>().toEqualTypeOf<
      string | null | undefined
    >();
    expectTypeOf(useChangeRequestsQuery).parameter(0).toEqualTypeOf<ChangeRequestsQueryVariables>();

    const typed = (variables: ChangeRequestsQueryVariables) => variables;
    // @ts-expect-error an enum value the schema does not have
    typed({ spaceId: 's', status: 'CLOSED' });
    // @ts-expect-error `first` is an Int
    typed({ spaceId: 's', first: '10' });
    // @ts-expect-error `spaceId` is required
    typed({ status: 'OPEN' });
    const paged = (variables: OrganizationSpacesQueryVariables) => variables;
    // @ts-expect-error `after` is a cursor string
    paged({ organizationId: 'o', after: 10 });
  });

  it('query results carry the selected fields with their nullability', () => {
    // Only IDs (and what the gateway computes) are non-null: any upstream value may be missing.
    type Cr = NonNullable<ChangeRequestDetailQuery['changeRequest']>;
    expectTypeOf<Cr['id']>().toEqualTypeOf<string>();
    expectTypeOf<Cr['number']>().toEqualTypeOf<number | null>();
    expectTypeOf<Cr['subject']>().toEqualTypeOf<string | null>();
    expectTypeOf<Cr['status']>().toEqualTypeOf<ChangeRequestStatus | null>();
    expectTypeOf<Cr['updatedAt']>().toEqualTypeOf<string | null>();
    expectTypeOf<Cr['description']>().toEqualTypeOf<unknown>();
    expectTypeOf<Cr['revisionMerged']>().toEqualTypeOf<string | null>();
    expectTypeOf<NonNullable<Cr['createdBy']>['displayName']>().toEqualTypeOf<string | null>();
    type Comment = NonNullable<NonNullable<NonNullable<Cr['comments']>['nodes']>[number]>;
    expectTypeOf<NonNullable<Comment['body']>['markdown']>().toEqualTypeOf<string | null>();
    expectTypeOf<NonNullable<Comment['body']>['raw']>().toEqualTypeOf<unknown>();
    expectTypeOf<Comment['status']>().toEqualTypeOf<'OPEN' | 'RESOLVED' | 'UNKNOWN' | null>();
    // @ts-expect-error a field the operation does not select
    type _NotSelected = Cr['revisionInitial'];

    type Hook = ReturnType<typeof useChangeRequestDetailQuery<ChangeRequestDetailQuery>>;
    expectTypeOf<Hook>().toExtend<UseQueryResult<ChangeRequestDetailQuery, unknown>>();
    expectTypeOf<Hook['data']>().toEqualTypeOf<ChangeRequestDetailQuery | undefined>();
    expectTypeOf<ChangeRequestsQuery['space']>().toBeNullable();
  });

  it('mutations take the typed input and answer the payload or a typed error', () => {
    type Merge = ReturnType<typeof useMergeChangeRequestMutation>;
    expectTypeOf<Merge>().toExtend<
      UseMutationResult<MergeChangeRequestMutation, unknown, MergeChangeRequestMutationVariables>
    >();
    expectTypeOf<MergeChangeRequestMutationVariables>().toEqualTypeOf<{
      input: { changeRequestId: string; spaceId?: string | null | undefined };
    }>();
    type Result = NonNullable<MergeChangeRequestMutation['mergeChangeRequest']>;
    expectTypeOf<Result['__typename']>().toEqualTypeOf<
      | 'ChangeRequestRevisionPayload'
      | 'ConflictError'
      | 'ForbiddenError'
      | 'NotFoundError'
      | 'ValidationError'
    >();
    type Payload = Extract<Result, { __typename: 'ChangeRequestRevisionPayload' }>;
    expectTypeOf<
      NonNullable<Payload['changeRequest']>['status']
    >().toEqualTypeOf<ChangeRequestStatus | null>();
    type Invalid = Extract<Result, { __typename: 'ValidationError' }>;
    expectTypeOf<Invalid['fieldErrors'][number]['path']>().toEqualTypeOf<string[]>();

    const reply = (variables: PostCommentReplyMutationVariables) => variables;
    // @ts-expect-error the body is `{ markdown }`, not a string
    reply({ input: { commentId: 'c', body: 'hello' } });
  });

  it('the client runs generated documents typed by the document', () => {
    const client = createDocsGraphClient({
      endpoint: 'http://docs-graph.test/graphql',
      fetch: async () => Response.json({ data: { space: null } }),
    });
    expectTypeOf(
      client.request(ChangeRequestsDocument, { spaceId: 's' }),
    ).resolves.toEqualTypeOf<ChangeRequestsQuery>();
    // @ts-expect-error variables of another operation
    void client.request(ChangeRequestsDocument, { organizationId: 'o' });
    expectTypeOf(useOrganizationSpacesQuery.getKey)
      .parameter(0)
      .toEqualTypeOf<OrganizationSpacesQueryVariables>();
  });
});
