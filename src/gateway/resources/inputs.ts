/** How an input names an object: a global ID, or a REST id with its parents' ids beside it. */
export interface InputOptions {
  /** The ids given for the parent segments (global IDs or REST ids), by segment name. */
  parents?: Readonly<Record<string, string | null | undefined>>;
  /** Name of the mutation input field: errors become a `ValidationError` naming it. */
  field?: string;
  /** Name of the query or subscription argument the id came in (default `id`), for errors. */
  arg?: string;
  /**
   * Argument or input field names of the parents, for errors (default: the parent resource's
   * `argName`, `organizationId` for the `org` segment).
   */
  parentFields?: Readonly<Record<string, string>>;
}

/** The argument or input field that takes an id of `typename` beside a child's REST id. */
export const argNameOf = (typename: string): string =>
  `${typename.charAt(0).toLowerCase()}${typename.slice(1)}Id`;

/** What an address segment needs of the resource its id belongs to: its inputs parsed. */
export interface ParentResource {
  readonly typename: string;
  readonly segments: readonly string[];
  readonly own: string;
  parseInput(value: string, options?: InputOptions): object;
}
