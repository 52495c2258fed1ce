import './types.ts';
import './published.ts';
import './queries.ts';
import './mutations.ts';
