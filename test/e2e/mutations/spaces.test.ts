// The mutation contract of collections, spaces and change requests, against one embedded stack
// (see core.fixture.ts for what each row checks).
import { describeRows } from './core.fixture.ts';
import { changeRequestRows, collectionRows, spaceRows } from './spaceRows.ts';

describeRows('collection, space and change request mutations', [
  ...collectionRows,
  ...spaceRows,
  ...changeRequestRows,
]);
