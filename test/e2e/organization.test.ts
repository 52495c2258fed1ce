import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDP_CERTIFICATE } from '../../src/workspace/demo/samlTranslations.ts';
import { type E2EStack, startE2E } from '../support/gateway.ts';
import { type Data, graphHelpers, organizationIds } from '../support/graph.ts';
import { globalId, localIdOf } from '../support/ids.ts';

let e2e: E2EStack;
let acme: string;
let globex: string;
let adaId: string;

const { ok, typed } = graphHelpers(() => e2e);

beforeAll(async () => {
  e2e = await startE2E();
  const orgs = await organizationIds(e2e);
  acme = orgs['Acme Docs'] ?? '';
  globex = orgs['Globex Handbook'] ?? '';
  const me = await ok(
    'query($id: ID!) { organization(id: $id) { members(search: "ada@acme.test") { nodes { id user { id } } } } }',
    { id: acme },
  );
  adaId = (me.organization as { members: { nodes: Array<{ user: { id: string } }> } }).members
    .nodes[0]?.user.id as string;
});

afterAll(async () => {
  await e2e?.close();
});

describe('organization reads', () => {
  it('lists the caller organizations with every field', async () => {
    expect(acme).toMatch(/.+/);
    expect(globex).toMatch(/.+/);
    const data = await ok(
      `query($id: ID!) { organization(id: $id) { id title createdAt emailDomains hostname type useCase
        communityType defaultRole defaultContent sso ai inviteLinks plan mergeRules customHostname
        billing { interval endDate hasPaymentFailed isScheduledToCancel minUsers maxUsers paidMembers
          pricing { members { name monthly yearly } sites { name monthly yearly } } usageAddons { name enabled } }
        urls { location app logo } trial { status count endDate decision } blocked { source reason }
        internal_billingMigration { deadline discountPercent discountEndDate }
        permissions { view admin ownTeam createContent createOpenAPISpec ingestConversations viewBilling
          listMembers listTeams listIntegrations listInstallations installIntegration } } }`,
      { id: acme },
    );
    const org = data.organization as Data;
    expect(org).toMatchObject({
      id: acme,
      title: 'Acme Docs',
      emailDomains: ['acme.test'],
      hostname: 'acme',
      type: 'BUSINESS',
      useCase: 'internalDocs',
      defaultRole: 'READ',
      plan: 'pro_2024',
      trial: { status: 'notapplicable', count: 0 },
      permissions: { view: true, admin: true },
    });
    expect((org.billing as Data).pricing).toEqual({
      members: [
        { name: 'plus_2024', monthly: 8, yearly: 80 },
        { name: 'pro_2024', monthly: 12, yearly: 120 },
      ],
      sites: [
        { name: 'premium', monthly: 65, yearly: 650 },
        { name: 'ultimate', monthly: 249, yearly: 2490 },
      ],
    });
    expect(org.mergeRules).toMatchObject({ type: 'rules' });
  });

  it('a reader sees the organization without admin permissions; an outsider gets NOT_FOUND', async () => {
    const reader = await ok(
      'query($id: ID!) { organization(id: $id) { permissions { admin view } } }',
      { id: acme },
      { as: 'read' },
    );
    expect(reader.organization).toEqual({ permissions: { admin: false, view: true } });
    const { body } = await e2e.gql(
      'query($id: ID!) { organization(id: $id) { title } }',
      { id: acme },
      { as: 'outsider' },
    );
    expect(body.data).toEqual({ organization: null });
    expect(body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('members with filters, each with its user, spaces and teams', async () => {
    const data = await ok(
      `query($id: ID!) { organization(id: $id) {
        all: members(first: 100) { totalCount }
        editors: members(role: EDIT, first: 100) { totalCount nodes { role } }
        search: members(search: "acme.test", sort: DISPLAY_NAME, order: ASC, first: 3) { nodes { user { displayName } } }
        active: members(sort: LAST_SEEN_AT, first: 100) { totalCount }
        cai: members(search: "cai@acme.test") { nodes { id role disabled joinedAt lastSeenAt sso spacesCount teamsCount
          user { id displayName email photoURL urls { location } } organization { id }
          spaces(first: 2, order: ASC) { totalCount nodes { permission space { title } } }
          teams { totalCount nodes { role team { title } } } } } } }`,
      { id: acme },
    );
    const org = data.organization as Record<string, Data>;
    expect((org.all as { totalCount: number }).totalCount).toBeGreaterThan(20);
    const editors = org.editors as { totalCount: number; nodes: Array<{ role: string }> };
    expect(editors.totalCount).toBeGreaterThan(1);
    expect(editors.nodes.every((n) => n.role === 'EDIT')).toBe(true);
    const names = (org.search as { nodes: Array<{ user: { displayName: string } }> }).nodes.map(
      (n) => n.user.displayName,
    );
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect((org.active as { totalCount: number }).totalCount).toBeLessThan(
      (org.all as { totalCount: number }).totalCount,
    );
    const cai = (org.cai as { nodes: Data[] }).nodes[0] as Data;
    expect(cai).toMatchObject({
      role: 'CREATE',
      disabled: false,
      sso: false,
      user: { displayName: 'Cai Creator', email: 'cai@acme.test' },
      organization: { id: acme },
    });
    expect(cai.spacesCount).toBeGreaterThan(0);
    expect((cai.spaces as { totalCount: number }).totalCount).toBe(cai.spacesCount);
    expect((cai.teams as { nodes: Data[] }).nodes).toContainEqual({
      role: 'OWNER',
      team: { title: 'Docs Core' },
    });
    // A member's global ID round-trips through node(id) in one upstream call.
    const { body } = await e2e.gql(
      'query($id: ID!) { node(id: $id) { ... on Member { user { displayName } } } }',
      { id: cai.id },
      { debug: true },
    );
    expect(body.data).toEqual({ node: { user: { displayName: 'Cai Creator' } } });
    expect(body.extensions?.upstream).toHaveLength(1);
  });

  it('teams (filters) and their members; SAML providers with their default team; SSO entries', async () => {
    const data = await ok(
      `query($id: ID!, $ada: ID!) { organization(id: $id) {
        teams(first: 10) { totalCount nodes { id title membersCount spacesCount createdAt permissions { admin view } organization { id }
          members(first: 20) { totalCount nodes { role permissions { view } member { user { displayName } } } } } }
        docs: teams(search: "docs") { nodes { title } }
        managed: teams(member: $ada) { nodes { title } }
        samlProviders { totalCount nodes { id label ssoURL entityID certificate defaultRole status createdAt
          defaultTeam { id title } service { acsURL startURL entityID } urls { location } organization { id } } }
        ssoProviders { id label startURL }
        agentInstructions { id instructions updatedAt updatedBy urls { location } organization { id } } } }`,
      { id: acme, ada: adaId },
    );
    const org = data.organization as Record<string, Data>;
    const teams = (org.teams as { nodes: Data[] }).nodes;
    expect(teams.map((t) => t.title)).toEqual(
      expect.arrayContaining(['Docs Core', 'API Writers', 'Support', 'Localization']),
    );
    const core = teams.find((t) => t.title === 'Docs Core') as Data;
    expect((core.members as { totalCount: number }).totalCount).toBe(core.membersCount);
    expect((core.members as { nodes: Data[] }).nodes).toContainEqual({
      role: 'OWNER',
      permissions: { view: true },
      member: { user: { displayName: 'Cai Creator' } },
    });
    expect((org.docs as { nodes: Data[] }).nodes).toEqual([{ title: 'Docs Core' }]);
    expect((org.managed as { nodes: Data[] }).nodes.length).toBeGreaterThan(0);
    const saml = (org.samlProviders as { nodes: Data[] }).nodes[0] as Data;
    expect(saml).toMatchObject({
      label: 'Acme Okta',
      status: 'ACTIVE',
      defaultRole: 'READ',
      defaultTeam: { title: 'Support' },
      organization: { id: acme },
    });
    expect(org.ssoProviders).toContainEqual(expect.objectContaining({ label: 'Acme Okta' }));
    expect(org.agentInstructions).toMatchObject({
      id: globalId('AgentInstructions', localIdOf(acme, 'Organization')),
      organization: { id: acme },
    });
    // Node round-trips: team and SAML provider by global ID, one call each.
    const { body } = await e2e.gql(
      'query($ids: [ID!]!) { nodes(ids: $ids) { id } }',
      { ids: [core.id, saml.id] },
      { debug: true },
    );
    expect(body.data).toEqual({ nodes: [{ id: core.id }, { id: saml.id }] });
    expect(body.extensions?.upstream).toHaveLength(2);
  });

  it('organization search finds pages grouped by space', async () => {
    const data = await ok(
      `query($id: ID!) { organization(id: $id) { search(query: "install") { totalCount nodes { id title space { id title }
        pages { id title path sections { id title path body urls { app } } ancestors { title } urls { app } } } } } }`,
      { id: acme },
    );
    const search = (data.organization as { search: { totalCount: number; nodes: Data[] } }).search;
    expect(search.totalCount).toBeGreaterThan(0);
    const first = search.nodes[0] as { title: string; space: { title: string }; pages: Data[] };
    expect(first.space.title).toBe(first.title);
    expect(first.pages.length).toBeGreaterThan(0);
  });
});

describe('organization mutations', () => {
  it('updateOrganization: success read back, validation, not found, forbidden', async () => {
    const updated = await typed(
      `mutation($id: ID!) { updateOrganization(input: { organizationId: $id, title: "Acme Documentation", ai: true }) {
        __typename ... on OrganizationPayload { organization { title ai } } } }`,
      { id: acme },
    );
    expect(updated.result).toEqual({
      __typename: 'OrganizationPayload',
      organization: { title: 'Acme Documentation', ai: true },
    });
    const read = await ok('query($id: ID!) { organization(id: $id) { title } }', { id: acme });
    expect(read.organization).toEqual({ title: 'Acme Documentation' });

    const invalid = await typed(
      `mutation($id: ID!) { updateOrganization(input: { organizationId: $id, title: "A", logo: "not a url" }) {
        __typename ... on ValidationError { fieldErrors { path } } } }`,
      { id: acme },
    );
    expect(invalid.result).toEqual({
      __typename: 'ValidationError',
      fieldErrors: [{ path: ['title'] }, { path: ['logo'] }],
    });
    expect(invalid.calls).toBe(0);

    const missing = await typed(
      'mutation { updateOrganization(input: { organizationId: "nope", title: "Xy" }) { __typename } }',
    );
    expect(missing.result.__typename).toBe('NotFoundError');
    const forbidden = await typed(
      'mutation($id: ID!) { updateOrganization(input: { organizationId: $id, title: "Xy" }) { __typename } }',
      { id: acme },
      'read',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
  });

  it('joinOrganization: joins by email domain; forbidden for other domains; not found', async () => {
    // Let acme.test users join Globex, then the reviewer (not a Globex member) joins.
    await typed(
      `mutation($id: ID!) { updateOrganization(input: { organizationId: $id, emailDomains: ["globex.test", "acme.test"] }) { __typename } }`,
      { id: globex },
    );
    const joined = await typed(
      `mutation($id: ID!) { joinOrganization(input: { organizationId: $id }) {
        __typename ... on OrganizationPayload { organization { title } } } }`,
      { id: globex },
      'review',
    );
    expect(joined.result).toEqual({
      __typename: 'OrganizationPayload',
      organization: { title: 'Globex Handbook' },
    });
    const members = await ok(
      'query($id: ID!) { organization(id: $id) { members(search: "rae@acme.test") { totalCount } } }',
      { id: globex },
    );
    expect(members.organization).toEqual({ members: { totalCount: 1 } });
    const forbidden = await typed(
      'mutation($id: ID!) { joinOrganization(input: { organizationId: $id }) { __typename } }',
      { id: acme },
      'outsider',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const missing = await typed(
      'mutation { joinOrganization(input: { organizationId: "nope" }) { __typename } }',
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });

  it('pingOrganization updates lastSeenAt and may return visitor claims; not found', async () => {
    const ping = await typed(
      `mutation($id: ID!) { pingOrganization(input: { organizationId: $id }) {
        __typename ... on PingOrganizationPayload { serviceVisitorClaims organization { id } } } }`,
      { id: acme },
      'comment',
    );
    expect(ping.result).toMatchObject({
      __typename: 'PingOrganizationPayload',
      organization: { id: acme },
    });
    const claims = ping.result.serviceVisitorClaims as string | null;
    if (claims !== null) expect(claims.split('.')).toHaveLength(3);
    const missing = await typed(
      'mutation { pingOrganization(input: { organizationId: "nope" }) { __typename } }',
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });

  it('deleteOrganizationLinkInvite: success (also when absent), validation, forbidden, not found', async () => {
    const del = await typed(
      `mutation($id: ID!) { deleteOrganizationLinkInvite(input: { organizationId: $id, inviteId: "inv-1" }) {
        __typename ... on DeletedInOrganizationPayload { deletedId organization { id } } } }`,
      { id: acme },
    );
    expect(del.result).toEqual({
      __typename: 'DeletedInOrganizationPayload',
      deletedId: 'inv-1',
      organization: { id: acme },
    });
    expect(del.calls).toBe(1);
    const invalid = await typed(
      `mutation($id: ID!) { deleteOrganizationLinkInvite(input: { organizationId: $id, inviteId: " " }) { __typename } }`,
      { id: acme },
    );
    expect(invalid).toEqual({ result: { __typename: 'ValidationError' }, calls: 0 });
    const forbidden = await typed(
      `mutation($id: ID!) { deleteOrganizationLinkInvite(input: { organizationId: $id, inviteId: "x" }) { __typename } }`,
      { id: acme },
      'edit',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const missing = await typed(
      'mutation { deleteOrganizationLinkInvite(input: { organizationId: "nope", inviteId: "x" }) { __typename } }',
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });

  it('setAgentInstructions: success read back, validation, forbidden, not found', async () => {
    const doc = {
      object: 'document',
      nodes: [
        {
          object: 'block',
          type: 'paragraph',
          nodes: [{ object: 'text', leaves: [{ text: 'Be brief.' }] }],
        },
      ],
    };
    const set = await typed(
      `mutation($id: ID!, $doc: JSON!) { setAgentInstructions(input: { organizationId: $id, instructions: $doc }) {
        __typename ... on SetAgentInstructionsPayload { agentInstructions { updatedBy instructions } } } }`,
      { id: acme, doc },
    );
    expect(set.result.__typename).toBe('SetAgentInstructionsPayload');
    const read = await ok(
      'query($id: ID!) { organization(id: $id) { agentInstructions { instructions updatedBy } } }',
      { id: acme },
    );
    const instructions = (read.organization as { agentInstructions: { instructions: Data } })
      .agentInstructions.instructions;
    expect(instructions.nodes).toEqual(doc.nodes);
    const invalid = await typed(
      `mutation($id: ID!) { setAgentInstructions(input: { organizationId: $id, instructions: { object: "block" } }) { __typename } }`,
      { id: acme },
    );
    expect(invalid).toEqual({ result: { __typename: 'ValidationError' }, calls: 0 });
    const forbidden = await typed(
      `mutation($id: ID!, $doc: JSON!) { setAgentInstructions(input: { organizationId: $id, instructions: $doc }) { __typename } }`,
      { id: acme, doc },
      'create',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const missing = await typed(
      `mutation($doc: JSON!) { setAgentInstructions(input: { organizationId: "nope", instructions: $doc }) { __typename } }`,
      { doc },
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });
});

describe('member mutations', () => {
  async function memberOf(email: string): Promise<{ id: string; userId: string; role: string }> {
    const data = await ok(
      'query($id: ID!, $q: String) { organization(id: $id) { members(search: $q) { nodes { id role user { id } } } } }',
      { id: acme, q: email },
    );
    const node = (data.organization as { members: { nodes: Data[] } }).members.nodes[0] as {
      id: string;
      role: string;
      user: { id: string };
    };
    return { id: node.id, userId: node.user.id, role: node.role };
  }

  it('setMemberRole: success read back, validation, forbidden, not found', async () => {
    const mina = await memberOf('Mina');
    const set = await typed(
      `mutation($org: ID!, $user: ID!) { setMemberRole(input: { organizationId: $org, userId: $user, role: REVIEW }) {
        __typename ... on MemberPayload { member { id role } } } }`,
      { org: acme, user: mina.id },
    );
    expect(set.result).toEqual({
      __typename: 'MemberPayload',
      member: { id: mina.id, role: 'REVIEW' },
    });
    expect((await memberOf('Mina')).role).toBe('REVIEW');
    const invalid = await typed(
      `mutation($org: ID!, $user: ID!) { setMemberRole(input: { organizationId: $org, userId: $user, role: UNKNOWN }) { __typename } }`,
      { org: acme, user: mina.userId },
    );
    expect(invalid).toEqual({ result: { __typename: 'ValidationError' }, calls: 0 });
    const forbidden = await typed(
      `mutation($org: ID!, $user: ID!) { setMemberRole(input: { organizationId: $org, userId: $user, role: ADMIN }) { __typename } }`,
      { org: acme, user: mina.userId },
      'review',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const missing = await typed(
      `mutation($org: ID!) { setMemberRole(input: { organizationId: $org, userId: "nobody", role: READ }) { __typename } }`,
      { org: acme },
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });

  it('addSSOMember: success read back, forbidden, not found', async () => {
    const lars = await memberOf('Lars');
    const added = await typed(
      `mutation($org: ID!, $user: ID!) { addSSOMember(input: { organizationId: $org, userId: $user }) {
        __typename ... on MemberPayload { member { sso } } } }`,
      { org: acme, user: lars.userId },
    );
    expect(added.result).toEqual({ __typename: 'MemberPayload', member: { sso: true } });
    const read = await ok('query($id: ID!) { node(id: $id) { ... on Member { sso } } }', {
      id: lars.id,
    });
    expect(read.node).toEqual({ sso: true });
    const forbidden = await typed(
      `mutation($org: ID!, $user: ID!) { addSSOMember(input: { organizationId: $org, userId: $user }) { __typename } }`,
      { org: acme, user: lars.userId },
      'edit',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const missing = await typed(
      `mutation($user: ID!) { addSSOMember(input: { organizationId: "nope", userId: $user }) { __typename } }`,
      { user: lars.userId },
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });

  it('removeMember: success read back, forbidden, not found, validation', async () => {
    const teo = await memberOf('Teo');
    const forbidden = await typed(
      `mutation($org: ID!, $user: ID!) { removeMember(input: { organizationId: $org, userId: $user }) { __typename } }`,
      { org: acme, user: teo.userId },
      'create',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const removed = await typed(
      `mutation($org: ID!, $user: ID!) { removeMember(input: { organizationId: $org, userId: $user }) {
        __typename ... on DeletedInOrganizationPayload { deletedId } } }`,
      { org: acme, user: teo.id },
    );
    expect(removed.result).toEqual({
      __typename: 'DeletedInOrganizationPayload',
      deletedId: teo.id,
    });
    const read = await ok(
      'query($id: ID!) { organization(id: $id) { members(search: "Teo") { totalCount } } }',
      { id: acme },
    );
    expect(read.organization).toEqual({ members: { totalCount: 0 } });
    const missing = await typed(
      `mutation($user: ID!) { removeMember(input: { organizationId: "nope", userId: $user }) { __typename } }`,
      { user: teo.userId },
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });
});

describe('team mutations', () => {
  let teamId = '';

  it('createTeam: success read back, validation, forbidden, not found', async () => {
    const created = await typed(
      `mutation($org: ID!) { createTeam(input: { organizationId: $org, title: "Writers", members: ["eli@acme.test"] }) {
        __typename ... on TeamPayload { team { id title membersCount } } } }`,
      { org: acme },
    );
    expect(created.result).toMatchObject({
      __typename: 'TeamPayload',
      team: { title: 'Writers', membersCount: 1 },
    });
    teamId = (created.result.team as { id: string }).id;
    const read = await ok('query($id: ID!) { node(id: $id) { ... on Team { title } } }', {
      id: teamId,
    });
    expect(read.node).toEqual({ title: 'Writers' });
    const invalid = await typed(
      `mutation($org: ID!) { createTeam(input: { organizationId: $org, title: "  " }) { __typename } }`,
      { org: acme },
    );
    expect(invalid).toEqual({ result: { __typename: 'ValidationError' }, calls: 0 });
    const forbidden = await typed(
      `mutation($org: ID!) { createTeam(input: { organizationId: $org, title: "X" }) { __typename } }`,
      { org: acme },
      'review',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const missing = await typed(
      'mutation { createTeam(input: { organizationId: "nope", title: "X" }) { __typename } }',
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });

  it('renameTeam: success, validation, forbidden, not found', async () => {
    const renamed = await typed(
      `mutation($org: ID!, $team: ID!) { renameTeam(input: { organizationId: $org, teamId: $team, title: "Tech Writers" }) {
        __typename ... on TeamPayload { team { title } } } }`,
      { org: acme, team: teamId },
    );
    expect(renamed.result).toEqual({ __typename: 'TeamPayload', team: { title: 'Tech Writers' } });
    const invalid = await typed(
      `mutation($org: ID!, $team: ID!) { renameTeam(input: { organizationId: $org, teamId: $team, title: "${'x'.repeat(101)}" }) { __typename } }`,
      { org: acme, team: teamId },
    );
    expect(invalid).toEqual({ result: { __typename: 'ValidationError' }, calls: 0 });
    const forbidden = await typed(
      `mutation($org: ID!, $team: ID!) { renameTeam(input: { organizationId: $org, teamId: $team, title: "Mine" }) { __typename } }`,
      { org: acme, team: teamId },
      'read',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const missing = await typed(
      `mutation($org: ID!) { renameTeam(input: { organizationId: $org, teamId: "nope", title: "X" }) { __typename } }`,
      { org: acme },
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });

  it('changeTeamMembers, setTeamMemberRole, removeTeamMember: success read back and errors', async () => {
    const changed = await typed(
      `mutation($org: ID!, $team: ID!) { changeTeamMembers(input: { organizationId: $org, teamId: $team,
          add: ["cora@acme.test", "remy@acme.test"], remove: ["remy@acme.test"] }) {
        __typename ... on TeamPayload { team { membersCount members { nodes { role member { user { email } } } } } } } }`,
      { org: acme, team: teamId },
    );
    const team = changed.result.team as { membersCount: number; members: { nodes: Data[] } };
    expect(team.membersCount).toBe(2);
    expect(team.members.nodes).toContainEqual({
      role: 'MEMBER',
      member: { user: { email: 'cora@acme.test' } },
    });
    const cora = (await ok(
      'query($id: ID!) { organization(id: $id) { members(search: "cora@acme.test") { nodes { user { id } } } } }',
      { id: acme },
    )) as { organization: { members: { nodes: Array<{ user: { id: string } }> } } };
    const coraId = cora.organization.members.nodes[0]?.user.id as string;

    const owner = await typed(
      `mutation($org: ID!, $team: ID!, $user: ID!) { setTeamMemberRole(input: { organizationId: $org, teamId: $team, userId: $user, role: OWNER }) {
        __typename ... on TeamPayload { team { members { nodes { role member { user { id } } } } } } } }`,
      { org: acme, team: teamId, user: coraId },
    );
    expect((owner.result.team as { members: { nodes: Data[] } }).members.nodes).toContainEqual({
      role: 'OWNER',
      member: { user: { id: coraId } },
    });

    const removed = await typed(
      `mutation($org: ID!, $team: ID!, $user: ID!) { removeTeamMember(input: { organizationId: $org, teamId: $team, userId: $user }) {
        __typename ... on TeamPayload { team { membersCount } } } }`,
      { org: acme, team: teamId, user: coraId },
    );
    expect(removed.result).toEqual({ __typename: 'TeamPayload', team: { membersCount: 1 } });

    const invalid = await typed(
      `mutation($org: ID!, $team: ID!) { changeTeamMembers(input: { organizationId: $org, teamId: $team, add: [""] }) { __typename } }`,
      { org: acme, team: teamId },
    );
    expect(invalid).toEqual({ result: { __typename: 'ValidationError' }, calls: 0 });
    for (const mutation of [
      'changeTeamMembers(input: { organizationId: $org, teamId: $team, add: ["x@acme.test"] })',
      'setTeamMemberRole(input: { organizationId: $org, teamId: $team, userId: "u", role: MEMBER })',
      'removeTeamMember(input: { organizationId: $org, teamId: $team, userId: "u" })',
    ]) {
      const forbidden = await typed(
        `mutation($org: ID!, $team: ID!) { ${mutation} { __typename } }`,
        { org: acme, team: teamId },
        'comment',
      );
      expect(forbidden.result.__typename, mutation).toBe('ForbiddenError');
      const missing = await typed(
        `mutation($org: ID!, $team: ID!) { ${mutation} { __typename } }`,
        { org: acme, team: 'nope' },
      );
      expect(missing.result.__typename, mutation).toBe('NotFoundError');
    }
  });

  it('deleteTeam: success read back, forbidden, not found', async () => {
    const forbidden = await typed(
      `mutation($org: ID!, $team: ID!) { deleteTeam(input: { organizationId: $org, teamId: $team }) { __typename } }`,
      { org: acme, team: teamId },
      'create',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const deleted = await typed(
      `mutation($org: ID!, $team: ID!) { deleteTeam(input: { organizationId: $org, teamId: $team }) {
        __typename ... on DeletedInOrganizationPayload { deletedId } } }`,
      { org: acme, team: teamId },
    );
    expect(deleted.result).toEqual({
      __typename: 'DeletedInOrganizationPayload',
      deletedId: teamId,
    });
    const { body } = await e2e.gql('query($id: ID!) { node(id: $id) { id } }', { id: teamId });
    expect(body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const missing = await typed(
      `mutation { deleteTeam(input: { organizationId: "nope", teamId: "nope" }) { __typename } }`,
      {},
    );
    expect(missing.result.__typename).toBe('NotFoundError');
    // A team's global ID beside another organization names two different things.
    const elsewhere = await typed(
      `mutation($team: ID!) { deleteTeam(input: { organizationId: "nope", teamId: $team }) {
        __typename ... on ValidationError { fieldErrors { path } } } }`,
      { team: teamId },
    );
    expect(elsewhere.result).toEqual({
      __typename: 'ValidationError',
      fieldErrors: [{ path: ['teamId'] }],
    });
  });
});

describe('SAML provider mutations', () => {
  let providerId = '';

  it('createSAMLProvider: success read back, validation, forbidden, not found', async () => {
    const created = await typed(
      `mutation($org: ID!, $cert: String!) { createSAMLProvider(input: { organizationId: $org, label: "Azure AD",
          entityID: "https://sts.example/acme", ssoURL: "https://login.example/saml", certificate: $cert, defaultRole: COMMENT }) {
        __typename ... on SAMLProviderPayload { samlProvider { id label status defaultRole } } } }`,
      { org: acme, cert: DEMO_IDP_CERTIFICATE },
    );
    expect(created.result).toMatchObject({
      __typename: 'SAMLProviderPayload',
      samlProvider: { label: 'Azure AD', status: 'ACTIVE', defaultRole: 'COMMENT' },
    });
    providerId = (created.result.samlProvider as { id: string }).id;
    const read = await ok('query($id: ID!) { node(id: $id) { ... on SAMLProvider { label } } }', {
      id: providerId,
    });
    expect(read.node).toEqual({ label: 'Azure AD' });
    const invalid = await typed(
      `mutation($org: ID!) { createSAMLProvider(input: { organizationId: $org, label: "X", ssoURL: "ftp://x" }) { __typename } }`,
      { org: acme },
    );
    expect(invalid).toEqual({ result: { __typename: 'ValidationError' }, calls: 0 });
    const forbidden = await typed(
      `mutation($org: ID!) { createSAMLProvider(input: { organizationId: $org, label: "X" }) { __typename } }`,
      { org: acme },
      'review',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const missing = await typed(
      'mutation { createSAMLProvider(input: { organizationId: "nope", label: "X" }) { __typename } }',
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });

  it('updateSAMLProvider: success (default team), validation, forbidden, not found', async () => {
    const teams = await ok(
      'query($id: ID!) { organization(id: $id) { teams(search: "Support") { nodes { id } } } }',
      { id: acme },
    );
    const support = (teams.organization as { teams: { nodes: Array<{ id: string }> } }).teams
      .nodes[0]?.id as string;
    const updated = await typed(
      `mutation($org: ID!, $id: ID!, $team: ID!) { updateSAMLProvider(input: { organizationId: $org, samlProviderId: $id, label: "Entra ID", defaultTeam: $team }) {
        __typename ... on SAMLProviderPayload { samlProvider { label defaultTeam { id title } } } } }`,
      { org: acme, id: providerId, team: support },
    );
    expect(updated.result).toEqual({
      __typename: 'SAMLProviderPayload',
      samlProvider: { label: 'Entra ID', defaultTeam: { id: support, title: 'Support' } },
    });
    const invalid = await typed(
      `mutation($org: ID!, $id: ID!) { updateSAMLProvider(input: { organizationId: $org, samlProviderId: $id, certificate: "nope" }) { __typename } }`,
      { org: acme, id: providerId },
    );
    expect(invalid).toEqual({ result: { __typename: 'ValidationError' }, calls: 0 });
    const forbidden = await typed(
      `mutation($org: ID!, $id: ID!) { updateSAMLProvider(input: { organizationId: $org, samlProviderId: $id, label: "X" }) { __typename } }`,
      { org: acme, id: providerId },
      'edit',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const missing = await typed(
      `mutation($org: ID!) { updateSAMLProvider(input: { organizationId: $org, samlProviderId: "nope", label: "X" }) { __typename } }`,
      { org: acme },
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });

  it('deleteSAMLProvider: success read back, forbidden, not found', async () => {
    const forbidden = await typed(
      `mutation($org: ID!, $id: ID!) { deleteSAMLProvider(input: { organizationId: $org, samlProviderId: $id }) { __typename } }`,
      { org: acme, id: providerId },
      'read',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const deleted = await typed(
      `mutation($org: ID!, $id: ID!) { deleteSAMLProvider(input: { organizationId: $org, samlProviderId: $id }) {
        __typename ... on DeletedInOrganizationPayload { deletedId organization { samlProviders { totalCount } } } } }`,
      { org: acme, id: providerId },
    );
    expect(deleted.result).toEqual({
      __typename: 'DeletedInOrganizationPayload',
      deletedId: providerId,
      organization: { samlProviders: { totalCount: 1 } },
    });
    const missing = await typed(
      `mutation { deleteSAMLProvider(input: { organizationId: "nope", samlProviderId: "nope" }) { __typename } }`,
      {},
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });
});
