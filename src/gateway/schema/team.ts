/**
 * The team domain (folder `team/`): types, queries, mutations. Other domains import its refs
 * from here.
 */
import './team/queries.ts';
import './team/mutations.ts';

export * from './team/types.ts';
