// The mutation contract of OpenAPI specs, conversation insights and translations, against one
// embedded stack (see sitesInsights.fixture.ts for what each row checks).
import { conversationRows } from './conversationRows.ts';
import { openapiRows } from './openapiRows.ts';
import { describeRows } from './sitesInsights.fixture.ts';
import { translationRows } from './translationRows.ts';

describeRows('OpenAPI, insight and translation mutations: the contract matrix', [
  ...openapiRows,
  ...conversationRows,
  ...translationRows,
]);
