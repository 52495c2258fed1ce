// The mutation contract of comments and replies, on spaces and on change requests, against one
// embedded stack (see core.fixture.ts for what each row checks).
import { commentRows, SCOPES, spaceCommentSuccessRows } from './commentRows.ts';
import { describeRows } from './core.fixture.ts';

describeRows('comment and reply mutations', [
  ...SCOPES.flatMap(commentRows),
  ...spaceCommentSuccessRows,
]);
