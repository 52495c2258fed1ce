/**
 * The cost model of the graph, as data: how many upstream calls each field makes. The estimator
 * (`estimate.ts`) walks an operation with it; `test/guard/estimate-actual.test.ts` compares its
 * estimate with the calls really made on the benchmark's queries and every client operation.
 * When resolvers change, adjust this table (and that test's lists of exact and worst-case
 * queries), nothing else.
 *
 * A field without an entry gets the default of its return type:
 * - a scalar, an enum or a plain object reads its parent's body;
 * - an object its parent's answer embeds is a copy in hand, no call: known from the contracts
 *   (`embedded.ts`: the parent resource's contract holds an object under the field's name), or
 *   declared by a field of a value type (`extensions: { embedded: true }`); a field of its own
 *   body that the copy lacks reads the object;
 * - a `...Connection` is one REST list call per 1,000 items asked (`first`, default 50, at most
 *   the REST page size), whose items arrive with their bodies (and are primed);
 * - a `Node` type is a reference: read from the parent's body, or known from the parent's
 *   address (the resource's address fields); its object is read by id (one call, once per
 *   request per object) when a selected field reads its body; a field with arguments naming the
 *   object is a lookup (read also when only `id` is selected), as are root fields and `node`;
 * - a field of a resource's object reads the body unless it is one of the resource's address
 *   fields (`id`, child lists, objects addressed under it);
 * - a mutation is `MUTATION_CALLS` calls (its write); a reference in its payload may be a stub,
 *   so it counts one read when a selected field needs the body.
 */

/** How one field (`Type.field`) turns into upstream calls. */
export interface FieldCost {
  /** Calls the field makes itself, per parent object (besides a connection's pages). */
  calls?: number;
  /** The field reads its parent's body: a parent not loaded yet is loaded first (one call). */
  parentBody?: boolean;
  /**
   * What it returns: `body` (objects in hand: embedded in an answer, or primed), `reference`
   * (addresses, each loaded by id when `load` says so), `connection` (a list over REST pages:
   * `ceil(first / 1000)` calls; items in hand), `arrayConnection` (a connection over a list
   * already in hand: no call), `node` / `nodes` (objects named by global IDs in the arguments).
   */
  returns?: 'body' | 'reference' | 'connection' | 'arrayConnection' | 'node' | 'nodes';
  /**
   * When a reference is loaded: `always`, `unlessStub` (unless only `id`, `__typename` and
   * `stub` are selected), `whenBodyNeeded` (when a selected field reads the body) or `lookup`
   * (when a selected field reads the body, or when only `id` and `__typename` are selected).
   */
  load?: 'always' | 'unlessStub' | 'whenBodyNeeded' | 'lookup';
  /** Fields of a reference known without loading it (besides `id` and `__typename`). */
  stub?: readonly string[];
  /** Items of a list field that has no `first` (an upper bound; default `LIST_SIZE`). */
  listSize?: number;
  /**
   * The field's `calls` are not made when its parent was read at its address by this query and
   * its arguments are plain: that read was made in the form the field answers from (a page read
   * as Markdown when its `markdown` is selected).
   */
  unlessRead?: boolean;
  /**
   * The field lists a tree whose deeper levels are the items' field of this name: `listSize` is
   * then the pages of all levels together, and the tree costs that size times its costliest level.
   */
  tree?: string;
}

/** Items assumed for a list without `first` whose items cost calls. */
export const LIST_SIZE = 50;
/**
 * Calls of a mutation itself: its one write (every mutation is a `writeMutation` whose resolver
 * sends one REST write and reads nothing first); its payload's reads are counted by its fields.
 */
export const MUTATION_CALLS = 1;
/**
 * When a root field's object (`organization(id)`, `space(id)`...) is loaded: objects resolve to
 * their address, so a lookup reads its object when a selected field needs the body, or, to
 * answer whether it exists, when nothing but `id` is selected (`lookup`).
 */
export const ROOT_LOAD: NonNullable<FieldCost['load']> = 'lookup';
/** When a reference inside an object is loaded: when a selected field reads its body. */
export const REFERENCE_LOAD: NonNullable<FieldCost['load']> = 'whenBodyNeeded';
/**
 * Pages assumed in one content tree, all levels together: the pages of all levels are at most
 * this many, so a tree costs this many times what one page costs at its costliest level (a bound
 * for trees up to this size).
 */
export const TREE_SIZE = 150;

/** Fields whose cost differs from the default of their return type. */
export const FIELD_COSTS: Readonly<Record<string, FieldCost>> = {
  // Objects named by global IDs: lookups, read when a selected field needs the body (or for `id`).
  'Query.node': { returns: 'node' },
  'Query.nodes': { returns: 'nodes' },

  // Content trees: one call for the revision's content, pages embedded in it.
  'Space.pages': { calls: 1, returns: 'body', listSize: TREE_SIZE, tree: 'pages' },
  // A page named by id is read, with the form its fields ask (whatever else is selected).
  'Space.page': { returns: 'reference', load: 'always' },
  'ChangeRequest.page': { returns: 'reference', load: 'always' },
  // A page's body in a format its answer lacks is read on demand (tree pages carry neither); a
  // page read by id is read as Markdown when its `markdown` is selected.
  'Page.markdown': { calls: 1, unlessRead: true },
  'Page.document': { calls: 1 },
  // The revision's content (its files and page tree), read once for the file and page
  // references; for `openapi:` ones, the space (its organization) and the organization's spec
  // list, read once (one page of up to 1,000 specs). None when the Markdown has no reference.
  'Page.references': { calls: 3, parentBody: true, returns: 'body' },
  // The revision itself is read whenever it is asked for (its files and page tree come with it).
  'Space.content': { calls: 1, returns: 'body' },
  'ChangeRequest.content': { calls: 1, returns: 'body' },
  'Revision.pages': { returns: 'body', listSize: TREE_SIZE, tree: 'pages' },
  'Revision.files': { returns: 'body' },
  'ChangeRequest.pages': { calls: 1, returns: 'body', listSize: TREE_SIZE, tree: 'pages' },
  'ChangeRequest.requestedReviewers': { returns: 'body' },
  // Reads of a revision by id: a page (as Markdown), its semantic changes.
  'Revision.page': { calls: 1, returns: 'body' },
  'Revision.changes': { calls: 1, returns: 'body' },
  // The change request's tree and its base revision's, and every page of both read once as
  // Markdown; what main changed since reads the space and its active revision's tree and pages,
  // when main moved on.
  'ChangeRequest.diff': { calls: 2 + 2 * TREE_SIZE, parentBody: true, returns: 'body' },
  'ChangeRequestDiff.mainChanges': { calls: 2 + TREE_SIZE, returns: 'body' },
  'ChangeRequestDiff.mainChangedPages': { calls: 2 + TREE_SIZE },
  // Its PDF export is read at its own path.
  'ChangeRequest.pdf': { calls: 1 },

  // References whose parent already holds the fields asked most.
  'ChangeRequest.space': { returns: 'reference', parentBody: true },
  'SiteSectionGroup.sections': { returns: 'body' },
  'SiteSectionGroup.children': { returns: 'body' },
  'PublishedSiteStructure.structure': { returns: 'body' },
  'Site.publishedSite': { calls: 1, returns: 'body' },
  // Read at its own path whatever is selected (absent: null).
  'Site.adaptiveSchema': { calls: 1, returns: 'body' },
  // The parsed content of a spec version is read at its own path.
  'OpenAPISpecVersion.content': { calls: 1, returns: 'body' },
  // A list of its own, read at the schema's `template-conditions` path.
  'SiteAdaptiveSchema.templateConditions': { calls: 1, returns: 'body' },
  'OrganizationSearchItem.pages': { returns: 'body' },
  'Organization.ssoProviders': { calls: 1, returns: 'body' },
  'Space.changeRequest': { returns: 'reference', load: 'always' },
};
