import { useQueryClient } from '@tanstack/react-query';
import {
  type ChangeRequestDetailQuery,
  type ChangeRequestStatus,
  type CommentFieldsFragment,
  type CommentReplyFieldsFragment,
  type PageNodeFragment,
  useChangeRequestDetailQuery,
  useChangeRequestsQuery,
  useMergeChangeRequestMutation,
  useOrganizationDashboardQuery,
  useOrganizationSpacesQuery,
  useOrganizationsQuery,
  usePageContentQuery,
  usePostCommentMutation,
  usePostCommentReplyMutation,
  useResolveCommentMutation,
  useSearchQuery,
  useSpaceWithPagesQuery,
} from 'docs-graph/client';
import { type FormEvent, useState } from 'react';

const PERSONAS = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'outsider'] as const;

type View =
  | { kind: 'organizations' }
  | { kind: 'organization'; organizationId: string }
  | { kind: 'space'; organizationId: string; spaceId: string; pageId?: string }
  | { kind: 'changeRequest'; organizationId: string; spaceId: string; number: string };

/** The example: organizations -> spaces (pages tree, change requests) -> a change request. */
export function App({ token, onToken }: { token: string; onToken: (token: string) => void }) {
  const [view, setView] = useState<View>({ kind: 'organizations' });
  const [current, setCurrent] = useState(token);
  return (
    <div className="app">
      <header>
        <button type="button" className="brand" onClick={() => setView({ kind: 'organizations' })}>
          docs-graph example
        </button>
        <label>
          token{' '}
          <select
            data-testid="token"
            value={current}
            onChange={(event) => {
              setCurrent(event.target.value);
              onToken(event.target.value);
              setView({ kind: 'organizations' });
            }}
          >
            {PERSONAS.map((persona) => (
              <option key={persona} value={`dg_demo_${persona}`}>
                dg_demo_{persona}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main>
        {view.kind === 'organizations' && (
          <Organizations
            onOpen={(organizationId) => setView({ kind: 'organization', organizationId })}
          />
        )}
        {view.kind === 'organization' && (
          <Organization
            organizationId={view.organizationId}
            onSpace={(spaceId) =>
              setView({ kind: 'space', organizationId: view.organizationId, spaceId })
            }
            onChangeRequest={(spaceId, number) =>
              setView({
                kind: 'changeRequest',
                organizationId: view.organizationId,
                spaceId,
                number,
              })
            }
          />
        )}
        {view.kind === 'space' && (
          <Space
            spaceId={view.spaceId}
            pageId={view.pageId}
            onBack={() => setView({ kind: 'organization', organizationId: view.organizationId })}
            onPage={(pageId) => setView({ ...view, pageId })}
            onChangeRequest={(number) =>
              setView({
                kind: 'changeRequest',
                organizationId: view.organizationId,
                spaceId: view.spaceId,
                number,
              })
            }
          />
        )}
        {view.kind === 'changeRequest' && (
          <ChangeRequest
            spaceId={view.spaceId}
            number={view.number}
            onBack={() =>
              setView({
                kind: 'space',
                organizationId: view.organizationId,
                spaceId: view.spaceId,
              })
            }
          />
        )}
      </main>
    </div>
  );
}

function Status({ error, loading }: { error: unknown; loading: boolean }) {
  if (error) return <p className="error">{(error as Error).message}</p>;
  if (loading) return <p className="muted">Loading…</p>;
  return null;
}

function Organizations({ onOpen }: { onOpen: (id: string) => void }) {
  const { data, error, isPending } = useOrganizationsQuery({ first: 20 });
  return (
    <section>
      <h1>Organizations</h1>
      <Status error={error} loading={isPending} />
      <ul className="list" data-testid="organizations">
        {data?.organizations?.nodes?.map(
          (organization) =>
            organization && (
              <li key={organization.id}>
                <button type="button" onClick={() => onOpen(organization.id)}>
                  {organization.title}
                </button>{' '}
                <span className="muted">{organization.plan}</span>
              </li>
            ),
        )}
      </ul>
    </section>
  );
}

function Organization({
  organizationId,
  onSpace,
  onChangeRequest,
}: {
  organizationId: string;
  onSpace: (spaceId: string) => void;
  onChangeRequest: (spaceId: string, number: string) => void;
}) {
  const { data, error, isPending } = useOrganizationDashboardQuery({
    id: organizationId,
    spaces: 1,
  });
  // Each entry is the `after` cursor of one page of spaces ("More spaces" adds the next one).
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const organization = data?.organization;
  return (
    <section>
      <Status error={error} loading={isPending} />
      {organization && (
        <>
          <h1 data-testid="organization-title">{organization.title}</h1>
          <p className="muted">
            {organization.plan} plan · {organization.members?.totalCount ?? 0} members ·{' '}
            {organization.spaces?.totalCount ?? 0} spaces · {organization.sites?.totalCount ?? 0}{' '}
            sites
          </p>
          <h2>Open change requests ({organization.changeRequests?.totalCount ?? 0})</h2>
          <ul className="list">
            {organization.changeRequests?.nodes?.map(
              (cr) =>
                cr && (
                  <li key={cr.id}>
                    <button
                      type="button"
                      onClick={() => onChangeRequest(cr.space.id, String(cr.number))}
                    >
                      {cr.space.emoji} {cr.space.title} #{cr.number} {cr.subject}
                    </button>
                  </li>
                ),
            )}
          </ul>
        </>
      )}
      <Search organizationId={organizationId} onSpace={onSpace} />
      <h2>Spaces</h2>
      <ul className="list" data-testid="spaces">
        {cursors.map((after, index) => (
          <SpacesPage
            key={after ?? 'first'}
            organizationId={organizationId}
            after={after}
            last={index === cursors.length - 1}
            onSpace={onSpace}
            onMore={(next) => setCursors((list) => [...list, next])}
          />
        ))}
      </ul>
    </section>
  );
}

/** Full-text search over the organization's spaces (runs once something is typed). */
function Search({
  organizationId,
  onSpace,
}: {
  organizationId: string;
  onSpace: (spaceId: string) => void;
}) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const { data, error, isFetching } = useSearchQuery(
    { organizationId, query, first: 10 },
    { enabled: query.trim() !== '' },
  );
  const results = data?.organization?.search;
  return (
    <form
      className="search"
      onSubmit={(event) => {
        event.preventDefault();
        setQuery(text);
      }}
    >
      <input
        data-testid="search"
        value={text}
        placeholder="Search the organization's spaces"
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit">Search</button>
      <Status error={error} loading={isFetching} />
      {results && (
        <ul className="list" data-testid="search-results">
          {results.nodes?.map(
            (hit) =>
              hit && (
                <li key={hit.id}>
                  <button type="button" onClick={() => onSpace(hit.space.id)}>
                    {hit.space.emoji} {hit.space.title}
                  </button>{' '}
                  <span className="muted">
                    {hit.pages.map((p) => p.title).join(' · ') || hit.title}
                  </span>
                </li>
              ),
          )}
          {results.totalCount === 0 && <li className="muted">Nothing found.</li>}
        </ul>
      )}
    </form>
  );
}

/** One page of an organization's spaces, read with `after` (Relay paging). */
function SpacesPage(props: {
  organizationId: string;
  after: string | null;
  last: boolean;
  onSpace: (spaceId: string) => void;
  onMore: (after: string) => void;
}) {
  const { data, error, isPending } = useOrganizationSpacesQuery({
    organizationId: props.organizationId,
    first: 10,
    after: props.after,
  });
  const spaces = data?.organization?.spaces;
  return (
    <>
      {(error || isPending) && (
        <li>
          <Status error={error} loading={isPending} />
        </li>
      )}
      {spaces?.edges?.map(
        (edge) =>
          edge?.node && (
            <li key={edge.cursor}>
              <button type="button" onClick={() => edge.node && props.onSpace(edge.node.id)}>
                {edge.node.emoji} {edge.node.title}
              </button>{' '}
              <span className="muted">
                {edge.node.visibility.toLowerCase()} · {edge.node.changeRequestsOpen} open change
                requests
              </span>
            </li>
          ),
      )}
      {props.last && spaces?.pageInfo.hasNextPage && spaces.pageInfo.endCursor && (
        <li>
          <button
            type="button"
            className="more"
            onClick={() => spaces.pageInfo.endCursor && props.onMore(spaces.pageInfo.endCursor)}
          >
            More spaces
          </button>
        </li>
      )}
    </>
  );
}

function PageTree({
  pages,
  selected,
  onPage,
}: {
  pages: ReadonlyArray<PageNodeFragment & { pages?: ReadonlyArray<unknown> }>;
  selected: string | undefined;
  onPage: (pageId: string) => void;
}) {
  return (
    <ul className="tree">
      {pages.map((page) => (
        <li key={page.id}>
          <button
            type="button"
            className={page.id === selected ? 'selected' : ''}
            onClick={() => onPage(page.id)}
          >
            {page.emoji ? `${page.emoji} ` : ''}
            {page.title}
          </button>
          {page.pages && page.pages.length > 0 && (
            <PageTree
              pages={page.pages as ReadonlyArray<PageNodeFragment>}
              selected={selected}
              onPage={onPage}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

function Space(props: {
  spaceId: string;
  pageId: string | undefined;
  onBack: () => void;
  onPage: (pageId: string) => void;
  onChangeRequest: (number: string) => void;
}) {
  const { data, error, isPending } = useSpaceWithPagesQuery({ id: props.spaceId });
  const [status, setStatus] = useState<ChangeRequestStatus>('OPEN');
  const changeRequests = useChangeRequestsQuery({ spaceId: props.spaceId, status, first: 20 });
  const space = data?.space;
  return (
    <section>
      <button type="button" className="back" onClick={props.onBack}>
        ← {space?.organization.title ?? 'Organization'}
      </button>
      <Status error={error} loading={isPending} />
      {space && (
        <>
          <h1 data-testid="space-title">
            {space.emoji} {space.title}
          </h1>
          <div className="columns">
            <nav>
              <h2>Pages</h2>
              <PageTree pages={space.pages} selected={props.pageId} onPage={props.onPage} />
            </nav>
            <div>
              {props.pageId && <PageContent spaceId={props.spaceId} pageId={props.pageId} />}
              <h2>
                Change requests{' '}
                <select
                  data-testid="cr-status"
                  value={status}
                  onChange={(event) => setStatus(event.target.value as ChangeRequestStatus)}
                >
                  {(['OPEN', 'DRAFT', 'MERGED', 'ARCHIVED'] as const).map((value) => (
                    <option key={value} value={value}>
                      {value.toLowerCase()}
                    </option>
                  ))}
                </select>
              </h2>
              <Status error={changeRequests.error} loading={changeRequests.isPending} />
              <ul className="list" data-testid="change-requests">
                {changeRequests.data?.space?.changeRequests?.nodes?.map(
                  (cr) =>
                    cr && (
                      <li key={cr.id}>
                        <button
                          type="button"
                          onClick={() => props.onChangeRequest(String(cr.number))}
                        >
                          #{cr.number} {cr.subject}
                        </button>{' '}
                        <span className="muted">
                          by {cr.createdBy?.displayName ?? 'someone'} · {cr.commentsCount} comments
                        </span>
                      </li>
                    ),
                )}
              </ul>
            </div>
          </div>
        </>
      )}
    </section>
  );
}

function PageContent({ spaceId, pageId }: { spaceId: string; pageId: string }) {
  const { data, error, isPending } = usePageContentQuery({ spaceId, pageId });
  const page = data?.space?.page;
  return (
    <article className="page">
      <Status error={error} loading={isPending} />
      {page && (
        <>
          <h2>{page.title}</h2>
          {page.description && <p className="muted">{page.description}</p>}
          <pre data-testid="page-markdown">{page.markdown ?? ''}</pre>
        </>
      )}
    </article>
  );
}

type Detail = NonNullable<ChangeRequestDetailQuery['changeRequest']>;

function ChangeRequest(props: { spaceId: string; number: string; onBack: () => void }) {
  const queryClient = useQueryClient();
  const { data, error, isPending } = useChangeRequestDetailQuery({
    spaceId: props.spaceId,
    idOrNumber: props.number,
  });
  const [message, setMessage] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries();
  const merge = useMergeChangeRequestMutation({
    onSuccess: (result) => {
      const answer = result.mergeChangeRequest;
      setMessage(
        answer && answer.__typename !== 'ChangeRequestRevisionPayload'
          ? `${answer.__typename}: ${answer.message}`
          : null,
      );
      return refresh();
    },
  });
  const cr = data?.changeRequest;
  return (
    <section>
      <button type="button" className="back" onClick={props.onBack}>
        ← {cr?.space.title ?? 'Space'}
      </button>
      <Status error={error} loading={isPending} />
      {!isPending && !error && !cr && <p className="error">No such change request.</p>}
      {cr && (
        <>
          <h1>
            #{cr.number} {cr.subject}{' '}
            <span className={`badge ${cr.status.toLowerCase()}`} data-testid="cr-status-badge">
              {cr.status}
            </span>
          </h1>
          <p className="muted">
            {cr.space.emoji} {cr.space.title} · by {cr.createdBy?.displayName ?? 'someone'}
            {cr.outdated ? ' · outdated' : ''}
          </p>
          {cr.status === 'OPEN' && (
            <button
              type="button"
              data-testid="merge"
              disabled={merge.isPending || !cr.permissions?.merge}
              onClick={() => merge.mutate({ input: { changeRequestId: cr.id } })}
            >
              {merge.isPending ? 'Merging…' : 'Merge'}
            </button>
          )}
          {merge.error ? <p className="error">{(merge.error as Error).message}</p> : null}
          {message && (
            <p className="error" data-testid="merge-error">
              {message}
            </p>
          )}
          <Comments cr={cr} onChange={refresh} />
        </>
      )}
    </section>
  );
}

function errorText(
  answer: { __typename: string; message?: string } | null | undefined,
  success: string,
): string | null {
  if (!answer || answer.__typename === success) return null;
  return `${answer.__typename}: ${answer.message ?? ''}`;
}

function Comments({ cr, onChange }: { cr: Detail; onChange: () => Promise<void> }) {
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const post = usePostCommentMutation({
    onSuccess: (result) => {
      const problem = errorText(result.postComment, 'CommentPayload');
      setMessage(problem);
      if (!problem) setText('');
      return onChange();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    post.mutate({ input: { changeRequestId: cr.id, body: { markdown: text } } });
  };
  return (
    <div className="comments">
      <h2>Comments ({cr.comments?.totalCount ?? 0})</h2>
      <ul className="list" data-testid="comments">
        {cr.comments?.nodes?.map(
          (comment) =>
            comment && (
              <Comment
                key={comment.id}
                comment={comment}
                replies={comment.replies?.nodes ?? []}
                onChange={onChange}
              />
            ),
        )}
      </ul>
      {cr.permissions?.comment && (
        <form onSubmit={submit}>
          <textarea
            data-testid="new-comment"
            value={text}
            placeholder="Write a comment (Markdown)"
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" data-testid="post-comment" disabled={post.isPending}>
            Comment
          </button>
        </form>
      )}
      {message || post.error ? (
        <p className="error">{message ?? (post.error as Error).message}</p>
      ) : null}
    </div>
  );
}

function Comment({
  comment,
  replies,
  onChange,
}: {
  comment: CommentFieldsFragment;
  replies: ReadonlyArray<CommentReplyFieldsFragment | null>;
  onChange: () => Promise<void>;
}) {
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const reply = usePostCommentReplyMutation({
    onSuccess: (result) => {
      const problem = errorText(result.postCommentReply, 'CommentReplyPayload');
      setMessage(problem);
      if (!problem) setText('');
      return onChange();
    },
  });
  const resolve = useResolveCommentMutation({
    onSuccess: (result) => {
      setMessage(errorText(result.resolveComment, 'CommentPayload'));
      return onChange();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reply.mutate({ input: { commentId: comment.id, body: { markdown: text } } });
  };
  return (
    <li className="comment" data-testid="comment">
      <div>
        <strong>{comment.postedBy.displayName}</strong>{' '}
        <span className="muted">{new Date(comment.postedAt).toLocaleString()}</span>
        {comment.status === 'RESOLVED' ? (
          <span className="badge resolved">resolved</span>
        ) : (
          <button
            type="button"
            className="link"
            disabled={resolve.isPending}
            onClick={() => resolve.mutate({ input: { commentId: comment.id } })}
          >
            Resolve
          </button>
        )}
      </div>
      <p className="body">{comment.body.markdown}</p>
      <ul className="replies">
        {replies.map(
          (r) =>
            r && (
              <li key={r.id} data-testid="reply">
                <strong>{r.postedBy.displayName}</strong>{' '}
                <span className="body">{r.body.markdown}</span>
              </li>
            ),
        )}
      </ul>
      {comment.permissions.reply !== false && (
        <form onSubmit={submit} className="reply-form">
          <input
            data-testid="reply-input"
            value={text}
            placeholder="Reply"
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" data-testid="post-reply" disabled={reply.isPending}>
            Reply
          </button>
        </form>
      )}
      {message || reply.error ? (
        <p className="error">{message ?? (reply.error as Error).message}</p>
      ) : null}
    </li>
  );
}
