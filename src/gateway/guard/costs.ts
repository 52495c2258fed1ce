/**
 * The cost model of the graph: how many upstream calls a field makes. A field whose calls differ
 * from the default of its return type states its cost where it is defined (`cost`, a
 * `FieldCost`, a field option of the `fieldFacts` plugin); the estimator (`estimate.ts`) reads
 * it back from the built schema. `test/guard/estimate-actual.test.ts` compares the estimate with
 * the calls really made on the benchmark's queries and every client operation, and
 * `test/guard/field-costs.test.ts` finds fields that make calls their cost does not count. When
 * a resolver changes, adjust its field's `cost` (and that test's lists of exact and worst-case
 * queries), nothing else. The constants below are the model's, said once.
 *
 * A field that declares no cost gets the default of its return type:
 * - a scalar, an enum or a plain object reads its parent's body;
 * - an object its parent's answer embeds is a copy in hand, no call: known from the contracts
 *   (`embedded.ts`: the parent resource's contract holds an object under the field's name), or
 *   declared by a field of a value type (`embedded: true`); a field of its own body that the
 *   copy lacks reads the object;
 * - a `...Connection` is one REST list call per 1,000 items asked (`first`, default 50, at most
 *   the REST page size), whose items arrive with their bodies (and are primed);
 * - a `Node` type is a reference: read from the parent's body, or known from the parent's
 *   address (fields declaring `address: true`); its object is read by id (one call, once per
 *   request per object) when a selected field reads its body; a field with arguments naming the
 *   object is a lookup (read also when only `id` is selected), as are root fields and `node`;
 * - a field of a resource's object reads the body unless it is answered from the address (`id`,
 *   and fields declaring `address: true`: child lists, objects addressed under it);
 * - a mutation is `MUTATION_CALLS` calls (its write); a reference in its payload may be a stub,
 *   so it counts one read when a selected field needs the body.
 */

/** How one field turns into upstream calls (its `cost` option). */
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
