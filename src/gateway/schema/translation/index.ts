import './types.ts';
import './queries.ts';
import './mutations.ts';
import './subscriptions.ts';
