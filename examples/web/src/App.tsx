import { useQueryClient } from '@tanstack/react-query';
import { diffLines } from 'diff';
import {
  type ChangeRequestChangesQuery,
  type ChangeRequestDetailQuery,
  type ChangeRequestStatus,
  type CommentFieldsFragment,
  type CommentReplyFieldsFragment,
  type PageNodeFragment,
  useChangeRequestChangesQuery,
  useChangeRequestDetailQuery,
  useChangeRequestLiveSubscription,
  useChangeRequestsQuery,
  useCommentsLiveSubscription,
  useMergeChangeRequestMutation,
  useOrganizationChangeRequestsQuery,
  useOrganizationDashboardQuery,
  useOrganizationSpacesQuery,
  useOrganizationsQuery,
  usePageContentQuery,
  usePostCommentMutation,
  usePostCommentReplyMutation,
  useResolveCommentMutation,
  useSearchQuery,
  useSpaceWithPagesQuery,
  useUpdateChangeRequestFromMainMutation,
} from 'docs-graph/client';
import { type FormEvent, type MouseEvent, type ReactNode, useMemo, useState } from 'react';
import { Markdown, referenceURLs, resolvePagePath } from './Markdown.tsx';
import { pathOf, type Route, useRoute } from './router.ts';
import { count, dateText, documentText, label, sentence } from './text.ts';

const PERSONAS = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'outsider'] as const;

type Navigate = (route: Route | string) => void;

/** An in-app link: a real anchor (open in a new tab works), routed without a reload. */
function Link({
  to,
  navigate,
  children,
  className,
}: {
  to: Route;
  navigate: Navigate;
  children: ReactNode;
  className?: string;
}) {
  const href = pathOf(to);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={href} onClick={onClick} className={className}>
      {children}
    </a>
  );
}

/** The example: organizations -> spaces (pages, change requests) -> a change request. */
export function App({ token, onToken }: { token: string; onToken: (token: string) => void }) {
  const [route, navigate] = useRoute();
  const [current, setCurrent] = useState(token);
  return (
    <div className="app">
      <header>
        <Link to={{ kind: 'organizations' }} navigate={navigate} className="brand">
          docs-graph example
        </Link>
        <label>
          persona{' '}
          <select
            data-testid="token"
            value={current}
            onChange={(event) => {
              setCurrent(event.target.value);
              onToken(event.target.value);
              navigate({ kind: 'organizations' });
            }}
          >
            {PERSONAS.map((persona) => (
              <option key={persona} value={`dg_demo_${persona}`}>
                {label(persona)} (dg_demo_{persona})
              </option>
            ))}
          </select>
        </label>
      </header>
      <main>
        {route.kind === 'organizations' && (
          <Organizations navigate={navigate} outsider={current === 'dg_demo_outsider'} />
        )}
        {route.kind === 'organization' && (
          <Organization organizationId={route.organizationId} navigate={navigate} />
        )}
        {route.kind === 'space' && <Space route={route} navigate={navigate} />}
        {route.kind === 'changeRequest' && <ChangeRequest route={route} navigate={navigate} />}
        {route.kind === 'notFound' && (
          <section>
            <h1>Page not found</h1>
            <p>
              This address is not part of the example.{' '}
              <Link to={{ kind: 'organizations' }} navigate={navigate}>
                Back to the organizations
              </Link>
              .
            </p>
          </section>
        )}
      </main>
    </div>
  );
}

/** Loading and error states as sentences. */
function Status({ error, loading, what }: { error: unknown; loading: boolean; what: string }) {
  if (error)
    return (
      <p className="error" role="alert">
        {sentence(error)}
      </p>
    );
  if (loading) return <p className="muted">Loading {what}…</p>;
  return null;
}

/** Stands where deferred or streamed data will appear once its part arrives. */
function Placeholder({ testId, what }: { testId: string; what: string }) {
  return (
    <p className="placeholder" data-testid={testId} aria-busy="true">
      Loading {what}…
    </p>
  );
}

/** "Show more" under a paged list (hidden when the list is complete). */
function More({
  shown,
  total,
  loading,
  onMore,
  what,
}: {
  shown: number;
  /** The list's `totalCount`; null when the workspace did not send it (no button then). */
  total: number | null;
  loading: boolean;
  onMore: () => void;
  what: string;
}) {
  if (total === null || shown >= total) return null;
  return (
    <button type="button" className="more" disabled={loading} onClick={onMore}>
      {loading ? 'Loading…' : `Show more ${what} (${shown} of ${total})`}
    </button>
  );
}

function Organizations({ navigate, outsider }: { navigate: Navigate; outsider: boolean }) {
  const { data, error, isPending } = useOrganizationsQuery({ first: 20 });
  const organizations = data?.organizations?.nodes?.filter((o) => o !== null) ?? [];
  return (
    <section>
      <h1>Organizations</h1>
      <Status error={error} loading={isPending} what="organizations" />
      {data && organizations.length === 0 && (
        <p className="empty" data-testid="empty">
          {outsider
            ? 'This persona is not a member of any organization, so none is listed. An outsider reads public and unlisted spaces through their links only.'
            : 'This persona is not a member of any organization yet.'}
        </p>
      )}
      <ul className="list" data-testid="organizations">
        {organizations.map((organization) => (
          <li key={organization.id}>
            <Link
              to={{ kind: 'organization', organizationId: organization.id }}
              navigate={navigate}
            >
              {organization.title}
            </Link>{' '}
            <span className="muted">{label(organization.plan)} plan</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Organization({
  organizationId,
  navigate,
}: {
  organizationId: string;
  navigate: Navigate;
}) {
  const { data, error, isPending } = useOrganizationDashboardQuery({
    id: organizationId,
    spaces: 1,
  });
  const organization = data?.organization;
  return (
    <section>
      <Status error={error} loading={isPending} what="the organization" />
      {data && !organization && <p className="empty">This organization does not exist.</p>}
      {organization && (
        <>
          <h1 data-testid="organization-title">{organization.title}</h1>
          <p className="muted">
            {label(organization.plan)} plan ·{' '}
            {count(organization.members?.totalCount ?? 0, 'member')} ·{' '}
            {count(organization.spaces?.totalCount ?? 0, 'space')} ·{' '}
            {count(organization.sites?.totalCount ?? 0, 'site')}
          </p>
          <OrganizationChangeRequests organizationId={organizationId} navigate={navigate} />
          <Search organizationId={organizationId} navigate={navigate} />
          <h2>Spaces</h2>
          <Spaces organizationId={organizationId} navigate={navigate} />
        </>
      )}
    </section>
  );
}

/** The open change requests of every space, five at a time. */
function OrganizationChangeRequests({
  organizationId,
  navigate,
}: {
  organizationId: string;
  navigate: Navigate;
}) {
  const [first, setFirst] = useState(5);
  const { data, error, isPending, isFetching } = useOrganizationChangeRequestsQuery(
    { organizationId, first },
    { placeholderData: (previous) => previous },
  );
  const list = data?.organization?.changeRequests;
  const nodes = list?.nodes?.filter((n) => n !== null) ?? [];
  return (
    <>
      <h2>Open change requests{list ? ` (${list.totalCount ?? '?'})` : ''}</h2>
      <Status error={error} loading={isPending} what="change requests" />
      {list && list.totalCount === 0 && (
        <p className="empty">No change request is open in this organization.</p>
      )}
      <ul className="list" data-testid="org-change-requests">
        {nodes.map((cr) => {
          const text = `${cr.space?.emoji ?? ''} ${cr.space?.title ?? 'A space'} #${cr.number ?? '?'} ${cr.subject ?? ''}`;
          return (
            <li key={cr.id}>
              {cr.space && cr.number !== null ? (
                <Link
                  to={{
                    kind: 'changeRequest',
                    organizationId,
                    spaceId: cr.space.id,
                    number: String(cr.number),
                  }}
                  navigate={navigate}
                >
                  {text}
                </Link>
              ) : (
                text
              )}{' '}
              <span className="muted">by {cr.createdBy?.displayName ?? 'someone'}</span>
            </li>
          );
        })}
      </ul>
      {list && (
        <More
          shown={nodes.length}
          total={list.totalCount}
          loading={isFetching}
          onMore={() => setFirst((n) => n + 5)}
          what="change requests"
        />
      )}
    </>
  );
}

/** Full-text search over the organization's spaces (runs once something is typed). */
function Search({ organizationId, navigate }: { organizationId: string; navigate: Navigate }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [first, setFirst] = useState(10);
  const { data, error, isFetching } = useSearchQuery(
    { organizationId, query, first },
    { enabled: query.trim() !== '', placeholderData: (previous) => previous },
  );
  const results = query ? data?.organization?.search : undefined;
  const hits = results?.nodes?.filter((n) => n !== null) ?? [];
  return (
    <form
      className="search"
      onSubmit={(event) => {
        event.preventDefault();
        setFirst(10);
        setQuery(text.trim());
      }}
    >
      <input
        data-testid="search"
        value={text}
        placeholder="Search the organization's spaces"
        aria-label="Search"
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" disabled={text.trim() === ''}>
        Search
      </button>
      {query && <Status error={error} loading={isFetching && !results} what="results" />}
      {results && (
        <>
          <p className="muted">
            {count(results.totalCount, 'space')} match “{query}”.
          </p>
          <ul className="list" data-testid="search-results">
            {hits.map((hit) => {
              const pages = hit.pages?.filter((p) => p !== null) ?? [];
              return (
                hit.space && (
                  <li key={hit.id}>
                    <Link
                      to={{
                        kind: 'space',
                        organizationId,
                        spaceId: hit.space.id,
                        ...(pages[0] ? { pageId: pages[0].id } : {}),
                      }}
                      navigate={navigate}
                    >
                      {hit.space.emoji} {hit.space.title}
                    </Link>{' '}
                    <span className="muted">{pages.map((p) => p.title).join(' · ')}</span>
                  </li>
                )
              );
            })}
          </ul>
          <More
            shown={hits.length}
            total={results.totalCount}
            loading={isFetching}
            onMore={() => setFirst((n) => n + 10)}
            what="results"
          />
        </>
      )}
    </form>
  );
}

/** An organization's spaces, ten at a time, paged with `after` cursors. */
function Spaces({ organizationId, navigate }: { organizationId: string; navigate: Navigate }) {
  // Each entry is the `after` cursor of one page of spaces ("Show more" adds the next one).
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  return (
    <ul className="list" data-testid="spaces">
      {cursors.map((after, index) => (
        <SpacesPage
          key={after ?? 'first'}
          organizationId={organizationId}
          after={after}
          shownBefore={index * 10}
          last={index === cursors.length - 1}
          navigate={navigate}
          onMore={(next) => setCursors((list) => [...list, next])}
        />
      ))}
    </ul>
  );
}

function SpacesPage(props: {
  organizationId: string;
  after: string | null;
  shownBefore: number;
  last: boolean;
  navigate: Navigate;
  onMore: (after: string) => void;
}) {
  const { data, error, isPending } = useOrganizationSpacesQuery({
    organizationId: props.organizationId,
    first: 10,
    after: props.after,
  });
  const spaces = data?.organization?.spaces;
  const edges = spaces?.edges?.filter((e) => e?.node) ?? [];
  return (
    <>
      {(error || isPending) && (
        <li>
          <Status error={error} loading={isPending} what="spaces" />
        </li>
      )}
      {spaces && spaces.totalCount === 0 && (
        <li className="empty">No space in this organization is visible to this persona.</li>
      )}
      {edges.map(
        (edge) =>
          edge?.node && (
            <li key={edge.cursor}>
              <Link
                to={{
                  kind: 'space',
                  organizationId: props.organizationId,
                  spaceId: edge.node.id,
                }}
                navigate={props.navigate}
              >
                {edge.node.emoji} {edge.node.title}
              </Link>{' '}
              <span className="muted">
                {label(edge.node.visibility)} ·{' '}
                {count(edge.node.changeRequestsOpen, 'open change request')}
              </span>
            </li>
          ),
      )}
      {props.last && spaces?.pageInfo.hasNextPage && spaces.pageInfo.endCursor && (
        <li>
          <More
            shown={props.shownBefore + edges.length}
            total={spaces.totalCount}
            loading={false}
            onMore={() => spaces.pageInfo.endCursor && props.onMore(spaces.pageInfo.endCursor)}
            what="spaces"
          />
        </li>
      )}
    </>
  );
}

type TreePage = PageNodeFragment & { pages?: ReadonlyArray<TreePage | null> | null };

/** The pages of a tree, depth first; a page the gateway could not answer (null) is skipped. */
function flattenTree<T extends { pages?: ReadonlyArray<T | null> | null }>(
  pages: ReadonlyArray<T | null>,
): T[] {
  return pages.flatMap((p) => (p ? [p, ...flattenTree(p.pages ?? [])] : []));
}

function PageTree({
  pages,
  selected,
  to,
  navigate,
}: {
  pages: ReadonlyArray<TreePage | null>;
  selected: string | undefined;
  to: (pageId: string) => Route;
  navigate: Navigate;
}) {
  return (
    <ul className="tree">
      {pages.map(
        (page) =>
          page &&
          (page.kind === 'LINK' ? (
            <li key={page.id}>
              <LinkPage page={page} to={to} navigate={navigate} />
            </li>
          ) : (
            <li key={page.id}>
              <Link
                to={to(page.id)}
                navigate={navigate}
                className={page.id === selected ? 'selected' : ''}
              >
                {page.emoji ? `${page.emoji} ` : ''}
                {page.title ?? 'Untitled page'}
              </Link>
              {page.pages && page.pages.length > 0 && (
                <PageTree pages={page.pages} selected={selected} to={to} navigate={navigate} />
              )}
            </li>
          )),
      )}
    </ul>
  );
}

/**
 * A link page of the sidebar: an entry pointing at its target, a URL (opened in a new tab) or a
 * page of the space; it has no content of its own.
 */
function LinkPage({
  page,
  to,
  navigate,
}: {
  page: TreePage;
  to: (pageId: string) => Route;
  navigate: Navigate;
}) {
  const label = `${page.emoji ? `${page.emoji} ` : ''}${page.title ?? 'Untitled link'}`;
  const target = page.target;
  if (target?.kind === 'url' && target.url) {
    return (
      <a className="link-page" href={target.url} target="_blank" rel="noopener noreferrer">
        {label} <span aria-hidden="true">↗</span>
      </a>
    );
  }
  if (target?.kind === 'page' && target.page) {
    // The target is the page's REST id; routes take its global ID, base64 of
    // `Page:<space>[/<change request>]/<id>`, whose first parts are this link page's own.
    const own = atob(page.id);
    const scope = own.slice(0, own.lastIndexOf('/'));
    const id = btoa(`${scope}/${encodeURIComponent(target.page)}`);
    return (
      <Link className="link-page" to={to(id)} navigate={navigate}>
        {label}
      </Link>
    );
  }
  return <span className="link-page muted">{label}</span>;
}

const STATUSES: ChangeRequestStatus[] = ['OPEN', 'DRAFT', 'MERGED', 'ARCHIVED'];

function Space({
  route,
  navigate,
}: {
  route: Extract<Route, { kind: 'space' }>;
  navigate: Navigate;
}) {
  const { organizationId, spaceId, pageId } = route;
  const { data, error, isPending } = useSpaceWithPagesQuery({ id: spaceId });
  const [status, setStatus] = useState<ChangeRequestStatus>('OPEN');
  const [first, setFirst] = useState(10);
  const changeRequests = useChangeRequestsQuery(
    { spaceId, status, first },
    { placeholderData: (previous) => previous },
  );
  const space = data?.space;
  const pages = (space?.pages ?? []) as ReadonlyArray<TreePage | null>;
  const flat = useMemo(() => flattenTree(pages), [pages]);
  const list = changeRequests.data?.space?.changeRequests;
  const crs = list?.nodes?.filter((n) => n !== null) ?? [];
  const pageRoute = (id: string): Route => ({ kind: 'space', organizationId, spaceId, pageId: id });
  return (
    <section>
      <Link to={{ kind: 'organization', organizationId }} navigate={navigate} className="back">
        ← {space?.organization?.title ?? 'Organization'}
      </Link>
      <Status error={error} loading={isPending} what="the space" />
      {data && !space && <p className="empty">This space does not exist, or is not visible.</p>}
      {space && (
        <>
          <h1 data-testid="space-title">
            {space.emoji} {space.title}
          </h1>
          <p className="muted">
            {label(space.visibility)} · {count(flat.length, 'page')}
          </p>
          <div className="columns">
            <nav>
              <h2>Pages</h2>
              {pages.length === 0 && <p className="empty">This space has no pages yet.</p>}
              <PageTree pages={pages} selected={pageId} to={pageRoute} navigate={navigate} />
            </nav>
            <div>
              {pageId ? (
                <PageContent
                  spaceId={spaceId}
                  pageId={pageId}
                  paths={flat}
                  onPage={(id) => navigate(pageRoute(id))}
                />
              ) : (
                pages[0] && (
                  <p className="muted">
                    Pick a page on the left, or start with{' '}
                    <Link to={pageRoute(pages[0].id)} navigate={navigate}>
                      {pages[0].title}
                    </Link>
                    .
                  </p>
                )
              )}
              <h2>
                Change requests{' '}
                <select
                  data-testid="cr-status"
                  aria-label="Status"
                  value={status}
                  onChange={(event) => {
                    setStatus(event.target.value as ChangeRequestStatus);
                    setFirst(10);
                  }}
                >
                  {STATUSES.map((value) => (
                    <option key={value} value={value}>
                      {label(value)}
                    </option>
                  ))}
                </select>
              </h2>
              <Status
                error={changeRequests.error}
                loading={changeRequests.isPending}
                what="change requests"
              />
              {list && list.totalCount === 0 && (
                <p className="empty">No {label(status).toLowerCase()} change request.</p>
              )}
              <ul className="list" data-testid="change-requests">
                {crs.map((cr) => (
                  <li key={cr.id}>
                    {cr.number === null ? (
                      `#? ${cr.subject ?? ''}`
                    ) : (
                      <Link
                        to={{
                          kind: 'changeRequest',
                          organizationId,
                          spaceId,
                          number: String(cr.number),
                        }}
                        navigate={navigate}
                      >
                        #{cr.number} {cr.subject}
                      </Link>
                    )}{' '}
                    <span className="muted">
                      by {cr.createdBy?.displayName ?? 'someone'} ·{' '}
                      {count(cr.commentsCount, 'comment')}
                    </span>
                  </li>
                ))}
              </ul>
              {list && (
                <More
                  shown={crs.length}
                  total={list.totalCount}
                  loading={changeRequests.isFetching}
                  onMore={() => setFirst((n) => n + 10)}
                  what="change requests"
                />
              )}
            </div>
          </div>
        </>
      )}
    </section>
  );
}

function PageContent({
  spaceId,
  pageId,
  paths,
  onPage,
}: {
  spaceId: string;
  pageId: string;
  paths: ReadonlyArray<PageNodeFragment>;
  onPage: (pageId: string) => void;
}) {
  const { data, error, isPending } = usePageContentQuery({ spaceId, pageId });
  // The whole page is deferred: `undefined` until its part arrives, `null` if it does not exist.
  const space = data?.space;
  const page = space && 'page' in space ? space.page : undefined;
  const byPath = useMemo(
    () => new Map(paths.flatMap((p) => (p.path === null ? [] : [[p.path, p.id] as const]))),
    [paths],
  );
  const references = useMemo(() => referenceURLs(page?.references), [page?.references]);
  // The tree already holds the page's title: it shows at once, the body when it arrives.
  const known = paths.find((p) => p.id === pageId);
  const waiting = page === undefined && !error && (isPending || Boolean(space));
  return (
    <article className="page">
      <Status error={error} loading={isPending && !known} what="the page" />
      {waiting && known && (
        <>
          <h2 data-testid="page-title">{known.title ?? 'Untitled page'}</h2>
          <Placeholder testId="page-content-placeholder" what="the page's text" />
        </>
      )}
      {waiting && !known && space && (
        <Placeholder testId="page-content-placeholder" what="the page" />
      )}
      {page === null && <p className="empty">This page does not exist in the main content.</p>}
      {page && (
        <>
          <h2 data-testid="page-title">{page.title ?? 'Untitled page'}</h2>
          {page.description && <p className="muted">{page.description}</p>}
          <Markdown
            testId="page-content"
            // The page's own `# Title` is already the heading above.
            text={(page.markdown ?? '').replace(/^# .*\n+/, '')}
            references={references}
            resolve={(href) => {
              const path = resolvePagePath(href, page.path ?? '', new Set(byPath.keys()));
              return path === undefined ? undefined : (byPath.get(path) ?? undefined);
            }}
            onNavigate={onPage}
          />
        </>
      )}
    </article>
  );
}

type Detail = NonNullable<ChangeRequestDetailQuery['changeRequest']>;

/** Sentences for the typed errors of a mutation. */
function mutationProblem(
  answer: { __typename: string; message?: string } | null | undefined,
  success: string,
): string | null {
  if (!answer || answer.__typename === success) return null;
  const detail = answer.message ? ` (${answer.message.replace(/\.$/, '')})` : '';
  switch (answer.__typename) {
    case 'ConflictError':
      return `This change request conflicts with the main content${detail}. Update it from main, resolve the conflict, then merge again.`;
    case 'ForbiddenError':
      return `This persona is not allowed to do that${detail}.`;
    case 'NotFoundError':
      return `It no longer exists${detail}.`;
    case 'ValidationError':
      return `That input was not accepted${detail}.`;
    default:
      return `That did not work${detail}.`;
  }
}

function ChangeRequest({
  route,
  navigate,
}: {
  route: Extract<Route, { kind: 'changeRequest' }>;
  navigate: Navigate;
}) {
  const { organizationId, spaceId, number } = route;
  const queryClient = useQueryClient();
  const { data, error, isPending } = useChangeRequestDetailQuery({
    spaceId,
    idOrNumber: number,
  });
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries();
  const merge = useMergeChangeRequestMutation({
    onSuccess: (result) => {
      setConfirming(false);
      setMessage(mutationProblem(result.mergeChangeRequest, 'ChangeRequestRevisionPayload'));
      return refresh();
    },
  });
  const cr = data?.changeRequest;
  const description = cr ? documentText(cr.description) : '';
  // Live: a change made by anyone (another tab, another user, the hosted app) shows at once.
  const detailKey = useChangeRequestDetailQuery.getKey({ spaceId, idOrNumber: number });
  useChangeRequestLiveSubscription(
    { id: cr?.id ?? '' },
    {
      enabled: Boolean(cr?.id),
      update: (client, live) => {
        const next = live.changeRequestChanged;
        if (!next) return;
        client.setQueryData<ChangeRequestDetailQuery>(detailKey, (old) =>
          old?.changeRequest
            ? {
                ...old,
                changeRequest: { ...old.changeRequest, status: next.status, subject: next.subject },
              }
            : old,
        );
      },
    },
  );
  useCommentsLiveSubscription(
    { spaceId: cr?.space?.id ?? spaceId, changeRequestId: cr?.id ?? null },
    { enabled: Boolean(cr?.id), invalidate: [detailKey] },
  );
  return (
    <section>
      <Link to={{ kind: 'space', organizationId, spaceId }} navigate={navigate} className="back">
        ← {cr?.space?.title ?? 'Space'}
      </Link>
      <Status error={error} loading={isPending} what="the change request" />
      {data && !cr && <p className="empty">There is no change request #{number} in this space.</p>}
      {cr && (
        <>
          <h1>
            #{cr.number} {cr.subject}{' '}
            <span
              className={`badge ${(cr.status ?? 'UNKNOWN').toLowerCase()}`}
              data-testid="cr-status-badge"
            >
              {label(cr.status)}
            </span>
          </h1>
          <p className="muted">
            {cr.space?.emoji} {cr.space?.title ?? 'A space'} · opened by{' '}
            {cr.createdBy?.displayName ?? 'someone'} on {dateText(cr.createdAt)}
            {cr.outdated ? ' · behind the main content' : ''}
          </p>
          {description ? (
            <Markdown testId="cr-description" text={description} />
          ) : (
            <p className="muted">No description.</p>
          )}
          {cr.status === 'OPEN' && !confirming && (
            <button
              type="button"
              data-testid="merge"
              disabled={merge.isPending || !cr.permissions?.merge}
              title={cr.permissions?.merge ? undefined : 'This persona may not merge'}
              onClick={() => {
                setMessage(null);
                setConfirming(true);
              }}
            >
              Merge…
            </button>
          )}
          {cr.status === 'OPEN' && confirming && (
            <div className="confirm" role="alertdialog" data-testid="merge-confirm">
              <p>
                Merge #{cr.number} “{cr.subject}” into the main content of{' '}
                {cr.space?.title ?? 'its space'}? Its changes become what readers see.
              </p>
              <button
                type="button"
                className="primary"
                data-testid="merge-confirm-button"
                disabled={merge.isPending}
                onClick={() => merge.mutate({ input: { changeRequestId: cr.id } })}
              >
                {merge.isPending ? 'Merging…' : 'Merge now'}
              </button>{' '}
              <button type="button" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </div>
          )}
          {merge.error ? <p className="error">{sentence(merge.error)}</p> : null}
          {message && (
            <p className="error" data-testid="merge-error" role="alert">
              {message}
            </p>
          )}
          <Changes
            spaceId={spaceId}
            number={number}
            changeRequestId={cr.id}
            merged={cr.status === 'MERGED'}
            onChange={refresh}
          />
          <Comments cr={cr} onChange={refresh} />
        </>
      )}
    </section>
  );
}

type ChangesDiff = NonNullable<NonNullable<ChangeRequestChangesQuery['changeRequest']>['diff']>;
type PageChange = ChangesDiff['pages'][number];

/**
 * The pages a change request adds, changes or removes, each with a line diff against the revision
 * it started from (or was last updated from main to): its own changes only. When main moved on
 * since, a banner says how many pages main changed, with a button that updates the request.
 */
function Changes({
  spaceId,
  number,
  changeRequestId,
  merged,
  onChange,
}: {
  spaceId: string;
  number: string;
  changeRequestId: string;
  merged: boolean;
  onChange: () => Promise<void>;
}) {
  const { data, error, isPending } = useChangeRequestChangesQuery({
    spaceId,
    idOrNumber: number,
  });
  const [message, setMessage] = useState<string | null>(null);
  const update = useUpdateChangeRequestFromMainMutation({
    onSuccess: (result) => {
      setMessage(
        mutationProblem(result.updateChangeRequestFromMain, 'ChangeRequestRevisionPayload'),
      );
      return onChange();
    },
  });
  const diff = data?.changeRequest?.diff;
  const changes: PageChange[] = diff?.pages ?? [];
  const moved = diff?.basis === 'BASE' && diff.outdated && !merged;
  return (
    <div className="changes" data-testid="changes">
      <h2>
        Changes
        {diff ? ` (${count(changes.length, 'page')})` : ''}
      </h2>
      <Status error={error} loading={false} what="the changes" />
      {moved && (
        <div className="banner" role="status" data-testid="main-moved">
          <p>
            Main changed {count(diff.mainChangedPages ?? 0, 'page')} since this change request
            started; update from main to see them here.
          </p>
          <button
            type="button"
            data-testid="update-from-main"
            disabled={update.isPending}
            onClick={() => {
              setMessage(null);
              update.mutate({ input: { spaceId, changeRequestId } });
            }}
          >
            {update.isPending ? 'Updating…' : 'Update from main'}
          </button>
        </div>
      )}
      {diff?.basis === 'MAIN' && (
        <p className="muted" data-testid="diff-against-main">
          Compared with the current main content (the API cannot read the revision this request
          started from): lines main gained since show as removed.
        </p>
      )}
      {update.error ? <p className="error">{sentence(update.error)}</p> : null}
      {message && (
        <p className="error" role="alert">
          {message}
        </p>
      )}
      {diff && changes.length === 0 && (
        <p className="empty">This change request does not change any page.</p>
      )}
      {changes.map((change) => (
        <details key={change.id} open={changes.length <= 3}>
          <summary>
            <span className={`badge ${change.kind.toLowerCase()}`}>{label(change.kind)}</span>{' '}
            {change.title ?? 'Untitled page'} <span className="muted">/{change.path ?? '?'}</span>
          </summary>
          {change.before === null || change.after === null ? (
            <p className="error" data-testid="diff-unreadable">
              The {change.before === null ? 'previous' : 'proposed'} text of this page could not be
              read; try again later.
            </p>
          ) : (
            <Diff before={change.before} after={change.after} />
          )}
        </details>
      ))}
      {isPending && <Placeholder testId="changes-placeholder" what="the changed pages" />}
    </div>
  );
}

function Diff({ before, after }: { before: string; after: string }) {
  const parts = useMemo(() => diffLines(before, after), [before, after]);
  return (
    <pre className="diff" data-testid="diff">
      {parts.map((part, i) => {
        const sign = part.added ? '+' : part.removed ? '-' : ' ';
        const lines = part.value.replace(/\n$/, '').split('\n');
        // Long unchanged stretches fold to their first and last lines.
        const shown =
          !part.added && !part.removed && lines.length > 6
            ? [...lines.slice(0, 2), `… ${lines.length - 4} unchanged lines …`, ...lines.slice(-2)]
            : lines;
        return (
          <span key={i} className={part.added ? 'added' : part.removed ? 'removed' : 'same'}>
            {shown.map((line) => `${sign} ${line}`).join('\n')}
            {'\n'}
          </span>
        );
      })}
    </pre>
  );
}

function Comments({ cr, onChange }: { cr: Detail; onChange: () => Promise<void> }) {
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const post = usePostCommentMutation({
    onSuccess: (result) => {
      const problem = mutationProblem(result.postComment, 'CommentPayload');
      setMessage(problem);
      if (!problem) setText('');
      return onChange();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    post.mutate({ input: { changeRequestId: cr.id, body: { markdown: text } } });
  };
  const comments = cr.comments?.nodes?.filter((c) => c !== null) ?? [];
  const total = cr.comments?.totalCount ?? 0;
  return (
    <div className="comments">
      <h2>{count(total, 'comment')}</h2>
      {total === 0 && (
        <p className="empty">
          No comments yet.{cr.permissions?.comment ? ' Start the discussion below.' : ''}
        </p>
      )}
      <ul className="list" data-testid="comments">
        {comments.map((comment) => (
          <Comment
            key={comment.id}
            comment={comment}
            replies={comment.replies?.nodes ?? []}
            onChange={onChange}
          />
        ))}
      </ul>
      {total > comments.length && (
        <p className="muted">
          Showing the first {comments.length} of {count(total, 'comment')}.
        </p>
      )}
      {cr.permissions?.comment ? (
        <form onSubmit={submit}>
          <textarea
            data-testid="new-comment"
            value={text}
            placeholder="Write a comment (Markdown)"
            aria-label="New comment"
            onChange={(event) => setText(event.target.value)}
          />
          <button
            type="submit"
            data-testid="post-comment"
            disabled={post.isPending || text.trim() === ''}
          >
            Comment
          </button>
        </form>
      ) : (
        <p className="muted">This persona may read the discussion but not comment.</p>
      )}
      {message || post.error ? <p className="error">{message ?? sentence(post.error)}</p> : null}
    </div>
  );
}

/**
 * A comment or reply body as Markdown. Bodies may come in forms beside `{markdown}`: those say
 * so rather than showing nothing.
 */
function bodyText(body: { markdown?: string | null; raw?: unknown } | null): string {
  if (typeof body?.markdown === 'string') return body.markdown;
  return body?.raw === undefined || body?.raw === null
    ? '*This comment has no text.*'
    : '*This comment is in a form this app does not show yet.*';
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
      const problem = mutationProblem(result.postCommentReply, 'CommentReplyPayload');
      setMessage(problem);
      if (!problem) setText('');
      return onChange();
    },
  });
  const resolve = useResolveCommentMutation({
    onSuccess: (result) => {
      setMessage(mutationProblem(result.resolveComment, 'CommentPayload'));
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
        <strong>{comment.postedBy?.displayName ?? 'Someone'}</strong>{' '}
        <span className="muted">{dateText(comment.postedAt, true)}</span>
        {comment.status === 'RESOLVED' ? (
          <span className="badge resolved">{label(comment.status)}</span>
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
      <Markdown testId="comment-body" text={bodyText(comment.body)} />
      {replies.length > 0 && (
        <ul className="replies">
          {replies.map(
            (r) =>
              r && (
                <li key={r.id} data-testid="reply">
                  <strong>{r.postedBy?.displayName ?? 'Someone'}</strong>
                  <Markdown text={bodyText(r.body)} />
                </li>
              ),
          )}
        </ul>
      )}
      {comment.permissions?.reply !== false && (
        <form onSubmit={submit} className="reply-form">
          <input
            data-testid="reply-input"
            value={text}
            placeholder="Reply (Markdown)"
            aria-label="Reply"
            onChange={(event) => setText(event.target.value)}
          />
          <button
            type="submit"
            data-testid="post-reply"
            disabled={reply.isPending || text.trim() === ''}
          >
            Reply
          </button>
        </form>
      )}
      {message || reply.error ? <p className="error">{message ?? sentence(reply.error)}</p> : null}
    </li>
  );
}
