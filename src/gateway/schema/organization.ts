/**
 * The organization domain (folder `organization/`): types, queries, mutations. Other domains
 * import its refs from here.
 */
import './organization/queries.ts';

export * from './organization/mutations.ts';
export * from './organization/types.ts';
