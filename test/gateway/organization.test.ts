import { describe, expect, it } from 'vitest';
import { listPage, restOrganization, restSpace } from '../support/fixtures.ts';
import { FakeUpstream, runSchema } from '../support/gateway.ts';
import { globalId } from '../support/ids.ts';

const org = (id: string, extra: Record<string, unknown> = {}) =>
  restOrganization(id, { emailDomains: ['acme.test'], ...extra });

const user = (id: string) => ({ object: 'user', id, displayName: `User ${id}`, email: `${id}@x` });

const member = (id: string, role: string | null = 'edit') => ({
  object: 'member',
  id,
  role,
  user: user(id),
  disabled: false,
  joinedAt: '2024-02-01T00:00:00.000Z',
  sso: false,
  spaces: 3,
  teams: 1,
});

const team = (id: string) => ({
  object: 'team',
  id,
  title: `Team ${id}`,
  members: 2,
  spaces: 4,
  createdAt: '2024-03-01T00:00:00.000Z',
  permissions: { admin: true, view: true },
});

const space = (id: string, organization = 'o1') => restSpace(id, { organization });

describe('Organization', () => {
  it('exposes every field, nested billing maps as lists, unknown enum values as UNKNOWN', async () => {
    const up = new FakeUpstream({
      '/orgs/o1': org('o1', {
        type: 'galactic',
        defaultRole: 'read',
        defaultContent: { type: 'site', site: 's1' },
        billing: {
          interval: 'yearly',
          pricing: { members: { plus_2024: { monthly: 8, yearly: 80 } }, sites: {} },
          usageAddons: { ai: { enabled: true } },
          paidMembers: 7,
        },
        trial: { status: 'notapplicable', count: 0 },
        urls: { app: 'https://app/o1' },
        blocked: { source: 'backoffice', reason: 'spam' },
        internal_billingMigration: { discountPercent: 10 },
        permissions: { admin: true, listMembers: true },
        unknownField: 'ignored',
      }),
    });
    const result = await runSchema(
      up,
      `{ organization(id: "o1") { id title type defaultRole defaultContent inviteLinks plan
          billing { interval paidMembers pricing { members { name monthly yearly } sites { name } }
            usageAddons { name enabled } }
          trial { status count } urls { app } blocked { source reason }
          internal_billingMigration { discountPercent } permissions { admin listMembers view } } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.organization).toEqual({
      id: globalId('Organization', 'o1'),
      title: 'Org o1',
      type: 'UNKNOWN',
      defaultRole: 'READ',
      defaultContent: { type: 'site', site: 's1' },
      inviteLinks: true,
      plan: 'pro_2024',
      billing: {
        interval: 'yearly',
        paidMembers: 7,
        pricing: { members: [{ name: 'plus_2024', monthly: 8, yearly: 80 }], sites: [] },
        usageAddons: [{ name: 'ai', enabled: true }],
      },
      trial: { status: 'notapplicable', count: 0 },
      urls: { app: 'https://app/o1' },
      blocked: { source: 'backoffice', reason: 'spam' },
      internal_billingMigration: { discountPercent: 10 },
      permissions: { admin: true, listMembers: true, view: null },
    });
    expect(up.paths).toEqual(['/orgs/o1']);
  });

  it('makes identical reads once (aliases, global and REST id) and node(id) costs one call', async () => {
    const up = new FakeUpstream({ '/orgs/o1': org('o1') });
    const gid = globalId('Organization', 'o1');
    const result = await runSchema(
      up,
      `query($gid: ID!) { a: organization(id: "o1") { title } b: organization(id: $gid) { plan }
        n: node(id: $gid) { ... on Organization { plan } } }`,
      { gid },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      a: { title: 'Org o1' },
      b: { plan: 'pro_2024' },
      n: { plan: 'pro_2024' },
    });
    expect(up.paths).toEqual(['/orgs/o1']);
  });

  it('a missing organization fails only its field (NOT_FOUND), the rest returns data', async () => {
    const up = new FakeUpstream({ '/orgs/o1': org('o1') });
    const result = await runSchema(
      up,
      '{ ok: organization(id: "o1") { title } missing: organization(id: "nope") { title } }',
    );
    expect(result.data).toEqual({ ok: { title: 'Org o1' }, missing: null });
    expect(result.errors?.map((e) => [e.path, e.extensions?.code])).toEqual([
      [['missing'], 'NOT_FOUND'],
    ]);
  });

  it('primes organizations from the list: a nested organization read costs nothing', async () => {
    const up = new FakeUpstream({
      '/orgs?limit=51': listPage([org('o1')]),
      '/orgs/o1/spaces?limit=51': listPage([space('s1'), space('s2')]),
    });
    const result = await runSchema(
      up,
      '{ organizations { nodes { spaces { nodes { title organization { title plan } } } } } }',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      organizations: {
        nodes: [
          {
            spaces: {
              nodes: [
                { title: 'Space s1', organization: { title: 'Org o1', plan: 'pro_2024' } },
                { title: 'Space s2', organization: { title: 'Org o1', plan: 'pro_2024' } },
              ],
            },
          },
        ],
      },
    });
    expect(up.paths).toEqual(['/orgs?limit=51', '/orgs/o1/spaces?limit=51']);
  });

  it('agent instructions are a node addressed by the organization', async () => {
    const doc = { object: 'document', nodes: [] };
    const up = new FakeUpstream({
      '/orgs/o1/agent-instructions': {
        object: 'agent-instructions',
        instructions: doc,
        updatedBy: 'u1',
        urls: { location: 'x' },
      },
    });
    const id = globalId('AgentInstructions', 'o1');
    const result = await runSchema(
      up,
      `query($id: ID!) { node(id: $id) { id ... on AgentInstructions { instructions updatedBy
        urls { location } organization { id } } } }`,
      { id },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.node).toEqual({
      id,
      instructions: doc,
      updatedBy: 'u1',
      urls: { location: 'x' },
      organization: { id: globalId('Organization', 'o1') },
    });
    expect(up.paths).toEqual(['/orgs/o1/agent-instructions']);
  });
});

describe('Members, teams, SAML, search', () => {
  it('members pass every filter upstream, spaces and teams of a member navigate', async () => {
    const up = new FakeUpstream({
      '/orgs/o1': org('o1'),
      '/orgs/o1/members?limit=2&order=asc&role=edit&search=ada&sort=lastSeenAt': listPage([
        member('u1'),
      ]),
      '/orgs/o1/members/u1/spaces?limit=51&order=desc': listPage([
        { permission: 'admin', space: space('s1') },
      ]),
      '/orgs/o1/members/u1/teams?limit=51&search=core': listPage([
        { team: team('t1'), member: { role: 'owner' } },
      ]),
    });
    const result = await runSchema(
      up,
      `{ organization(id: "o1") { members(first: 1, role: EDIT, search: "ada", sort: LAST_SEEN_AT, order: ASC) {
          totalCount nodes { id role spacesCount teamsCount user { id displayName email }
            spaces(order: DESC) { nodes { permission space { id title } } }
            teams(search: "core") { nodes { role team { id title membersCount } } } } } } }`,
    );
    expect(result.errors).toBeUndefined();
    const data = result.data as { organization: { members: { nodes: unknown[] } } };
    const m = data.organization.members.nodes[0];
    expect(m).toEqual({
      id: globalId('Member', 'o1/u1'),
      role: 'EDIT',
      spacesCount: 3,
      teamsCount: 1,
      user: { id: 'u1', displayName: 'User u1', email: 'u1@x' },
      spaces: {
        nodes: [{ permission: 'ADMIN', space: { id: globalId('Space', 's1'), title: 'Space s1' } }],
      },
      teams: {
        nodes: [
          {
            role: 'OWNER',
            team: { id: globalId('Team', 'o1/t1'), title: 'Team t1', membersCount: 2 },
          },
        ],
      },
    });
    expect(up.paths).toHaveLength(3);
  });

  it('member and team nodes cost one call each; a malformed address is BAD_USER_INPUT', async () => {
    const up = new FakeUpstream({
      '/orgs/o1/members/u1': member('u1'),
      '/orgs/o1/teams/t1': team('t1'),
    });
    const result = await runSchema(
      up,
      `query($m: ID!, $t: ID!, $bad: ID!) { nodes(ids: [$m, $t, $m]) { id ... on Member { user { displayName } organization { id } } ... on Team { title } }
        bad: node(id: $bad) { id } }`,
      {
        m: globalId('Member', 'o1/u1'),
        t: globalId('Team', 'o1/t1'),
        bad: globalId('Member', 'only-one-part'),
      },
    );
    expect(result.data?.nodes).toEqual([
      {
        id: globalId('Member', 'o1/u1'),
        user: { displayName: 'User u1' },
        organization: { id: globalId('Organization', 'o1') },
      },
      { id: globalId('Team', 'o1/t1'), title: 'Team t1' },
      {
        id: globalId('Member', 'o1/u1'),
        user: { displayName: 'User u1' },
        organization: { id: globalId('Organization', 'o1') },
      },
    ]);
    expect(result.errors?.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
    expect(up.paths.sort()).toEqual(['/orgs/o1/members/u1', '/orgs/o1/teams/t1']);
  });

  it('team members are primed as members; SAML default team is a Team; SSO providers list', async () => {
    const up = new FakeUpstream({
      '/orgs/o1': org('o1'),
      '/orgs/o1/teams?limit=51&search=eng': listPage([team('t1')]),
      '/orgs/o1/teams/t1/members?limit=51': listPage([
        { organization: member('u2'), team: { role: 'member' }, permissions: { view: true } },
      ]),
      '/orgs/o1/saml?limit=51': listPage([
        {
          object: 'saml-provider',
          id: 'p1',
          label: 'Okta',
          createdAt: '2024-01-01T00:00:00.000Z',
          status: 'active',
          defaultTeam: team('t1'),
          defaultRole: 'read',
          service: { acsURL: 'a', startURL: 'b', entityID: 'c' },
        },
      ]),
      '/orgs/o1/sso': { items: [{ id: 'p1', label: 'Okta', startURL: 'b' }] },
    });
    const result = await runSchema(
      up,
      `{ organization(id: "o1") {
          teams(search: "eng") { nodes { title members { totalCount nodes { role permissions { view } member { id user { displayName } } } } } }
          samlProviders { nodes { id label status defaultRole defaultTeam { id title } service { acsURL } } }
          ssoProviders { id label startURL } } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.organization).toEqual({
      teams: {
        nodes: [
          {
            title: 'Team t1',
            members: {
              totalCount: 1,
              nodes: [
                {
                  role: 'MEMBER',
                  permissions: { view: true },
                  member: { id: globalId('Member', 'o1/u2'), user: { displayName: 'User u2' } },
                },
              ],
            },
          },
        ],
      },
      samlProviders: {
        nodes: [
          {
            id: globalId('SAMLProvider', 'o1/p1'),
            label: 'Okta',
            status: 'ACTIVE',
            defaultRole: 'READ',
            defaultTeam: { id: globalId('Team', 'o1/t1'), title: 'Team t1' },
            service: { acsURL: 'a' },
          },
        ],
      },
      ssoProviders: [{ id: 'p1', label: 'Okta', startURL: 'b' }],
    });
    expect(up.paths).toHaveLength(4);
  });

  it('organization search: page hits and the space (id-only costs nothing); query over 512 is BAD_USER_INPUT', async () => {
    const hit = {
      id: 'p1',
      title: 'Install',
      path: 'install',
      sections: [{ id: 'h', title: 'Linux', path: 'install#h', body: 'apt', urls: { app: 'x' } }],
      ancestors: [{ title: 'Guides' }],
      urls: { app: 'y' },
    };
    const up = new FakeUpstream({
      '/orgs/o1': org('o1'),
      '/orgs/o1/search?limit=51&query=install': listPage([
        { id: 's1', title: 'Docs', pages: [hit] },
      ]),
    });
    const result = await runSchema(
      up,
      `{ organization(id: "o1") { search(query: "install") { totalCount nodes { id title space { id }
          pages { id title path sections { id title path body urls { app } } ancestors { title } urls { app } } } }
          tooLong: search(query: "${'x'.repeat(513)}") { totalCount } } }`,
    );
    expect(result.data?.organization).toEqual({
      search: {
        totalCount: 1,
        nodes: [{ id: 's1', title: 'Docs', space: { id: globalId('Space', 's1') }, pages: [hit] }],
      },
      tooLong: null,
    });
    expect(result.errors?.map((e) => [e.path?.join('.'), e.extensions?.code])).toEqual([
      ['organization.tooLong', 'BAD_USER_INPUT'],
    ]);
    expect(up.paths).toEqual(['/orgs/o1/search?limit=51&query=install']);
  });
});

describe('Organization, member, team and SAML mutations', () => {
  it('updateOrganization sends only the given fields and reads the new state after clearing', async () => {
    let title = 'Old';
    const up = new FakeUpstream({}, (req) => {
      if (req.method === 'PATCH' && req.path === '/orgs/o1') {
        title = (req.body as { title: string }).title;
        return { body: org('o1', { title }) };
      }
      if (req.method === 'GET' && req.path === '/orgs/o1') return { body: org('o1', { title }) };
      return undefined;
    });
    const result = await runSchema(
      up,
      `mutation { updateOrganization(input: { organizationId: "o1", title: "Acme", defaultRole: null,
          mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: ["u1"] }] } }) {
        __typename ... on OrganizationPayload { organization { title } } } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.updateOrganization).toEqual({
      __typename: 'OrganizationPayload',
      organization: { title: 'Acme' },
    });
    expect(up.requests[0]?.body).toEqual({
      title: 'Acme',
      defaultRole: null,
      mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: ['u1'] }] },
    });
    expect(up.paths).toEqual(['PATCH /orgs/o1']);
  });

  it('invalid input answers ValidationError with field errors and no upstream call', async () => {
    const up = new FakeUpstream();
    const result = await runSchema(
      up,
      `mutation {
        a: updateOrganization(input: { organizationId: "o1", title: "x", hostname: "UPPER" }) {
          __typename ... on ValidationError { fieldErrors { path message } } }
        b: createTeam(input: { organizationId: "o1", title: "" }) { __typename }
        c: setAgentInstructions(input: { organizationId: "o1", instructions: { object: "nope" } }) { __typename }
        d: createSAMLProvider(input: { organizationId: "o1", label: "x", certificate: "not a cert" }) { __typename }
        e: setMemberRole(input: { organizationId: "o1", userId: "u1", role: UNKNOWN }) { __typename }
      }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.a).toEqual({
      __typename: 'ValidationError',
      fieldErrors: [
        { path: ['title'], message: 'at least 2 characters' },
        { path: ['hostname'], message: 'lowercase letters, digits and inner hyphens' },
      ],
    });
    for (const key of ['b', 'c', 'd', 'e']) {
      expect(result.data).toHaveProperty([key, '__typename'], 'ValidationError');
    }
    expect(up.requests).toHaveLength(0);
  });

  it('maps upstream 404, 403 and 409 to typed errors; 401 stays a request-level error', async () => {
    const status: Record<string, number> = {
      '/orgs/gone/join': 404,
      '/orgs/o1/join': 403,
      '/orgs/o2/join': 409,
      '/orgs/o3/join': 401,
    };
    const up = new FakeUpstream({}, (req) => {
      const code = status[req.path];
      return code
        ? { status: code, body: { error: { code, message: `status ${code}` } } }
        : undefined;
    });
    const result = await runSchema(
      up,
      `mutation {
        a: joinOrganization(input: { organizationId: "gone" }) { __typename ... on Error { message } }
        b: joinOrganization(input: { organizationId: "o1" }) { __typename }
        c: joinOrganization(input: { organizationId: "o2" }) { __typename }
        d: joinOrganization(input: { organizationId: "o3" }) { __typename }
      }`,
    );
    expect(result.data).toEqual({
      a: { __typename: 'NotFoundError', message: 'status 404' },
      b: { __typename: 'ForbiddenError' },
      c: { __typename: 'ConflictError' },
      d: null,
    });
    expect(result.errors?.map((e) => e.extensions?.code)).toEqual(['UNAUTHENTICATED']);
  });

  it('ping returns the visitor claims; deletes answer the deleted global ID', async () => {
    const up = new FakeUpstream({
      'POST /orgs/o1/ping': { serviceVisitorClaims: 'jwt' },
      'DELETE /orgs/o1/teams/t1': undefined,
      'DELETE /orgs/o1/members/u1': undefined,
      'DELETE /orgs/o1/saml/p1': undefined,
      'DELETE /orgs/o1/link-invites/i1': undefined,
    });
    const result = await runSchema(
      up,
      `mutation {
        ping: pingOrganization(input: { organizationId: "o1" }) { ... on PingOrganizationPayload { serviceVisitorClaims organization { id } } }
        team: deleteTeam(input: { organizationId: "o1", teamId: "${globalId('Team', 'o1/t1')}" }) { ... on DeletedInOrganizationPayload { deletedId } }
        member: removeMember(input: { organizationId: "o1", userId: "u1" }) { ... on DeletedInOrganizationPayload { deletedId } }
        saml: deleteSAMLProvider(input: { organizationId: "o1", samlProviderId: "p1" }) { ... on DeletedInOrganizationPayload { deletedId } }
        invite: deleteOrganizationLinkInvite(input: { organizationId: "o1", inviteId: "i1" }) { ... on DeletedInOrganizationPayload { deletedId } }
      }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      ping: { serviceVisitorClaims: 'jwt', organization: { id: globalId('Organization', 'o1') } },
      team: { deletedId: globalId('Team', 'o1/t1') },
      member: { deletedId: globalId('Member', 'o1/u1') },
      saml: { deletedId: globalId('SAMLProvider', 'o1/p1') },
      invite: { deletedId: 'i1' },
    });
    expect(up.requests.every((r) => r.method !== 'GET')).toBe(true);
  });

  it('changeTeamMembers sends add/remove/memberships as REST expects, then reads the team', async () => {
    const up = new FakeUpstream({
      'PUT /orgs/o1/teams/t1/members': undefined,
      '/orgs/o1/teams/t1': team('t1'),
    });
    const result = await runSchema(
      up,
      `mutation { changeTeamMembers(input: { organizationId: "o1", teamId: "t1", add: ["a@x"], remove: ["u3"],
          memberships: [{ userId: "u4", role: OWNER }] }) { ... on TeamPayload { team { id title } } } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.changeTeamMembers).toEqual({
      team: { id: globalId('Team', 'o1/t1'), title: 'Team t1' },
    });
    expect(up.requests[0]?.body).toEqual({
      add: ['a@x'],
      remove: ['u3'],
      memberships: { u4: { role: 'owner' } },
    });
    expect(up.paths).toEqual(['PUT /orgs/o1/teams/t1/members', '/orgs/o1/teams/t1']);
  });
});
