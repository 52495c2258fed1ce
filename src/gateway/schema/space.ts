/**
 * The space domain (folder `space/`): types, queries, mutations. Other domains import its refs
 * from here.
 */
import './space/queries.ts';

export * from './space/mutations.ts';
export * from './space/types.ts';
