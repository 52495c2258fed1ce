import './types.ts';
import './diff.ts';
import './queries.ts';
import './mutations.ts';
import './subscriptions.ts';
