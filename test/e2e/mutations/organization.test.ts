// The mutation contract of organizations, members, teams and SAML providers, against one embedded
// stack (see core.fixture.ts for what each row checks).
import { describeRows } from './core.fixture.ts';
import { organizationRows, teamRows } from './organizationRows.ts';

describeRows('organization, member, team and SAML provider mutations', [
  ...organizationRows,
  ...teamRows,
]);
