import './types/changeRequest.ts';
import './types/diff.ts';
import './queries.ts';
import './mutations.ts';
import './subscriptions.ts';
