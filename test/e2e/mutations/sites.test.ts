// The mutation contract of sites, site spaces, sections and section groups, against one embedded
// stack (see sitesInsights.fixture.ts for what each row checks).
import { siteRows } from './siteRows.ts';
import { siteSectionRows } from './siteSectionRows.ts';
import { siteSpaceRows } from './siteSpaceRows.ts';
import { describeRows } from './sitesInsights.fixture.ts';

describeRows('site mutations: the contract matrix', [
  ...siteRows,
  ...siteSpaceRows,
  ...siteSectionRows,
]);
