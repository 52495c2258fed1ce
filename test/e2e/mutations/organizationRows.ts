// Mutation contract rows of organizations, members, teams and SAML providers.

import { expect } from 'vitest';
import type { Data } from '../../support/graph.ts';
import { globalId } from '../../support/ids.ts';
import {
  DOC,
  forbidden,
  inputOf,
  invalid,
  long,
  MISSING_ORG,
  missing,
  type Row,
  row,
  succeeds,
} from './core.fixture.ts';

// ---------------------------------------------------------------- organization, members
export const organizationRows: Row[] = [
  invalid('updateOrganization', 'logo not a URL', 'logo', (fx) => ({
    organizationId: fx.acme,
    logo: 'not a url',
  })),
  missing('updateOrganization', 'NotFoundError (unknown organization)', () => ({
    organizationId: MISSING_ORG,
    title: 'Xyz',
  })),
  forbidden('updateOrganization', 'review', 'needs organization admin', (fx) => ({
    organizationId: fx.acme,
    title: 'Mine',
  })),

  invalid('joinOrganization', 'empty organizationId', 'organizationId', () => ({
    organizationId: '',
  })),
  missing('joinOrganization', 'NotFoundError (unknown organization)', () => ({
    organizationId: MISSING_ORG,
  })),
  // The outsider sees no Acme content; joining is refused for an email domain Acme does not allow.
  forbidden('joinOrganization', 'outsider', 'email domain not allowed', (fx) => ({
    organizationId: fx.acme,
  })),

  invalid('pingOrganization', 'blank organizationId', 'organizationId', () => ({
    organizationId: ' ',
  })),
  missing('pingOrganization', 'NotFoundError (unknown organization)', () => ({
    organizationId: MISSING_ORG,
  })),
  // Does not apply: every member may ping (it touches only the caller's own membership), so no
  // lower role can be refused; a non-member gets NotFoundError (existence does not leak).
  row(
    'pingOrganization',
    'forbidden',
    'no role is refused; an outsider gets NotFoundError (existence does not leak)',
    (fx) => ({ input: { organizationId: fx.acme } }),
    { typename: 'NotFoundError' },
    { as: 'outsider' },
  ),
  succeeds(
    'pingOrganization',
    'the caller’s member lastSeenAt is set',
    'PingOrganizationPayload',
    '... on PingOrganizationPayload { organization { id } }',
    (fx) => ({ organizationId: fx.acme }),
    async (fx) => {
      const cora = fx.members['cora@acme.test'] as { id: string };
      const member = await fx.node<{ lastSeenAt: string | null }>(
        cora.id,
        '... on Member { lastSeenAt }',
      );
      expect(member.lastSeenAt).not.toBeNull();
    },
    'comment',
  ),

  invalid('deleteOrganizationLinkInvite', 'blank inviteId', 'inviteId', (fx) => ({
    organizationId: fx.acme,
    inviteId: ' ',
  })),
  missing('deleteOrganizationLinkInvite', 'NotFoundError (unknown organization)', () => ({
    organizationId: MISSING_ORG,
    inviteId: 'inv-1',
  })),
  row(
    'deleteOrganizationLinkInvite',
    'notFound',
    'missing invite: success by design (REST 204)',
    (fx) => ({ input: { organizationId: fx.acme, inviteId: 'no-such-invite' } }),
    { typename: 'DeletedInOrganizationPayload' },
  ),
  forbidden('deleteOrganizationLinkInvite', 'edit', 'needs organization admin', (fx) => ({
    organizationId: fx.acme,
    inviteId: 'inv-1',
  })),

  invalid('setAgentInstructions', 'instructions not a document', 'instructions', (fx) => ({
    organizationId: fx.acme,
    instructions: { object: 'block' },
  })),
  missing('setAgentInstructions', 'NotFoundError (unknown organization)', () => ({
    organizationId: MISSING_ORG,
    instructions: DOC,
  })),
  forbidden('setAgentInstructions', 'create', 'needs organization admin', (fx) => ({
    organizationId: fx.acme,
    instructions: DOC,
  })),

  invalid('setMemberRole', 'role UNKNOWN', 'role', (fx) => ({
    organizationId: fx.acme,
    userId: fx.members['eli@acme.test']?.userId,
    role: 'UNKNOWN',
  })),
  missing('setMemberRole', 'NotFoundError (no such user)', (fx) => ({
    organizationId: fx.acme,
    userId: globalId('User', 'no-such-user'),
    role: 'READ',
  })),
  forbidden('setMemberRole', 'review', 'needs organization admin', (fx) => ({
    organizationId: fx.acme,
    userId: fx.members['eli@acme.test']?.userId,
    role: 'ADMIN',
  })),

  invalid('removeMember', 'empty userId', 'userId', (fx) => ({
    organizationId: fx.acme,
    userId: '',
  })),
  missing('removeMember', 'NotFoundError (unknown organization)', (fx) => ({
    organizationId: MISSING_ORG,
    userId: fx.members['eli@acme.test']?.userId,
  })),
  forbidden('removeMember', 'create', 'needs organization admin', (fx) => ({
    organizationId: fx.acme,
    userId: fx.members['eli@acme.test']?.userId,
  })),

  invalid('addSSOMember', 'user id over 200 characters', 'userId', (fx) => ({
    organizationId: fx.acme,
    userId: long(201),
  })),
  missing('addSSOMember', 'NotFoundError (unknown organization)', (fx) => ({
    organizationId: MISSING_ORG,
    userId: fx.members['eli@acme.test']?.userId,
  })),
  forbidden('addSSOMember', 'edit', 'needs organization admin', (fx) => ({
    organizationId: fx.acme,
    userId: fx.members['eli@acme.test']?.userId,
  })),
];

// ---------------------------------------------------------------- teams, SAML providers
export const teamRows: Row[] = [
  invalid('createTeam', 'blank title', 'title', (fx) => ({ organizationId: fx.acme, title: ' ' })),
  missing('createTeam', 'NotFoundError (unknown organization)', () => ({
    organizationId: MISSING_ORG,
    title: 'Team',
  })),
  forbidden('createTeam', 'review', 'needs organization admin', (fx) => ({
    organizationId: fx.acme,
    title: 'Team',
  })),

  invalid('renameTeam', 'title of 101 characters', 'title', async (fx) => ({
    organizationId: fx.acme,
    teamId: await fx.team(),
    title: long(101),
  })),
  missing('renameTeam', 'NotFoundError (no such team)', (fx) => ({
    organizationId: fx.acme,
    teamId: 'no-such-team',
    title: 'Renamed',
  })),
  forbidden('renameTeam', 'create', 'not a team owner nor admin', async (fx) => ({
    organizationId: fx.acme,
    teamId: await fx.team(),
    title: 'Mine',
  })),
  succeeds(
    'renameTeam',
    'node(team).title',
    'TeamPayload',
    '',
    async (fx) => ({ organizationId: fx.acme, teamId: await fx.team(), title: 'Renamed team' }),
    async (fx, vars) => {
      const team = await fx.node(inputOf(vars).teamId as string, '... on Team { title }');
      expect(team).toEqual({ title: 'Renamed team' });
    },
  ),

  invalid('deleteTeam', 'empty teamId', 'teamId', (fx) => ({
    organizationId: fx.acme,
    teamId: '',
  })),
  row(
    'deleteTeam',
    'notFound',
    'missing team: success by design (REST 204)',
    (fx) => ({ input: { organizationId: fx.acme, teamId: 'no-such-team' } }),
    { typename: 'DeletedInOrganizationPayload' },
  ),
  missing('deleteTeam', 'NotFoundError (unknown organization)', () => ({
    organizationId: MISSING_ORG,
    teamId: 'no-such-team',
  })),
  forbidden('deleteTeam', 'create', 'needs organization admin', async (fx) => ({
    organizationId: fx.acme,
    teamId: await fx.team(),
  })),

  invalid('changeTeamMembers', 'empty member in add', 'add', async (fx) => ({
    organizationId: fx.acme,
    teamId: await fx.team(),
    add: [''],
  })),
  missing('changeTeamMembers', 'NotFoundError (no such team)', (fx) => ({
    organizationId: fx.acme,
    teamId: 'no-such-team',
    add: ['eli@acme.test'],
  })),
  forbidden('changeTeamMembers', 'comment', 'not a team owner nor admin', async (fx) => ({
    organizationId: fx.acme,
    teamId: await fx.team(),
    add: ['eli@acme.test'],
  })),
  succeeds(
    'changeTeamMembers',
    'node(team).members',
    'TeamPayload',
    '',
    async (fx) => ({
      organizationId: fx.acme,
      teamId: await fx.team(['remy@acme.test']),
      add: ['eli@acme.test', 'cora@acme.test'],
      remove: ['remy@acme.test', 'cora@acme.test'],
    }),
    async (fx, vars) => {
      const team = await fx.node<{ members: { nodes: Array<{ member: Data }> } }>(
        inputOf(vars).teamId as string,
        '... on Team { members { nodes { member { user { email } } } } }',
      );
      expect(team.members.nodes.map((n) => n.member)).toEqual([
        { user: { email: 'eli@acme.test' } },
      ]);
    },
  ),

  invalid('setTeamMemberRole', 'empty userId', 'userId', async (fx) => ({
    organizationId: fx.acme,
    teamId: await fx.team(),
    userId: '',
    role: 'MEMBER',
  })),
  missing('setTeamMemberRole', 'NotFoundError (no such team)', (fx) => ({
    organizationId: fx.acme,
    teamId: 'no-such-team',
    userId: fx.members['eli@acme.test']?.userId,
    role: 'MEMBER',
  })),
  forbidden('setTeamMemberRole', 'edit', 'not a team owner nor admin', async (fx) => ({
    organizationId: fx.acme,
    teamId: await fx.team(),
    userId: fx.members['eli@acme.test']?.userId,
    role: 'OWNER',
  })),
  succeeds(
    'setTeamMemberRole',
    'node(team).members role',
    'TeamPayload',
    '',
    async (fx) => ({
      organizationId: fx.acme,
      teamId: await fx.team(['eli@acme.test']),
      userId: fx.members['eli@acme.test']?.userId,
      role: 'OWNER',
    }),
    async (fx, vars) => {
      const team = await fx.node<{ members: { nodes: Data[] } }>(
        inputOf(vars).teamId as string,
        '... on Team { members { nodes { role member { user { email } } } } }',
      );
      expect(team.members.nodes).toEqual([
        { role: 'OWNER', member: { user: { email: 'eli@acme.test' } } },
      ]);
    },
  ),

  invalid('removeTeamMember', 'user id over 200 characters', 'userId', async (fx) => ({
    organizationId: fx.acme,
    teamId: await fx.team(),
    userId: long(201),
  })),
  missing('removeTeamMember', 'NotFoundError (no such team)', (fx) => ({
    organizationId: fx.acme,
    teamId: 'no-such-team',
    userId: fx.members['eli@acme.test']?.userId,
  })),
  forbidden('removeTeamMember', 'review', 'not a team owner nor admin', async (fx) => ({
    organizationId: fx.acme,
    teamId: await fx.team(['eli@acme.test']),
    userId: fx.members['eli@acme.test']?.userId,
  })),
  succeeds(
    'removeTeamMember',
    'node(team).membersCount',
    'TeamPayload',
    '',
    async (fx) => ({
      organizationId: fx.acme,
      teamId: await fx.team(['eli@acme.test', 'cora@acme.test']),
      userId: fx.members['eli@acme.test']?.userId,
    }),
    async (fx, vars) => {
      const team = await fx.node<Data>(
        inputOf(vars).teamId as string,
        '... on Team { membersCount members { nodes { member { user { email } } } } }',
      );
      expect(team).toEqual({
        membersCount: 1,
        members: { nodes: [{ member: { user: { email: 'cora@acme.test' } } }] },
      });
    },
  ),

  invalid('createSAMLProvider', 'ssoURL not https', 'ssoURL', (fx) => ({
    organizationId: fx.acme,
    label: 'IdP',
    ssoURL: 'ftp://login.example',
  })),
  missing('createSAMLProvider', 'NotFoundError (unknown organization)', () => ({
    organizationId: MISSING_ORG,
    label: 'IdP',
  })),
  forbidden('createSAMLProvider', 'review', 'needs organization admin', (fx) => ({
    organizationId: fx.acme,
    label: 'IdP',
  })),

  invalid('updateSAMLProvider', 'certificate not PEM', 'certificate', async (fx) => ({
    organizationId: fx.acme,
    samlProviderId: await fx.saml(),
    certificate: 'nope',
  })),
  missing('updateSAMLProvider', 'NotFoundError (no such provider)', (fx) => ({
    organizationId: fx.acme,
    samlProviderId: 'no-such-provider',
    label: 'X',
  })),
  forbidden('updateSAMLProvider', 'edit', 'needs organization admin', async (fx) => ({
    organizationId: fx.acme,
    samlProviderId: await fx.saml(),
    label: 'Mine',
  })),
  succeeds(
    'updateSAMLProvider',
    'node(provider).label',
    'SAMLProviderPayload',
    '',
    async (fx) => ({
      organizationId: fx.acme,
      samlProviderId: await fx.saml(),
      label: 'Renamed IdP',
      defaultRole: 'COMMENT',
    }),
    async (fx, vars) => {
      const provider = await fx.node(
        inputOf(vars).samlProviderId as string,
        '... on SAMLProvider { label defaultRole }',
      );
      expect(provider).toEqual({ label: 'Renamed IdP', defaultRole: 'COMMENT' });
    },
  ),

  invalid('deleteSAMLProvider', 'empty samlProviderId', 'samlProviderId', (fx) => ({
    organizationId: fx.acme,
    samlProviderId: '',
  })),
  row(
    'deleteSAMLProvider',
    'notFound',
    'missing provider: success by design (REST 204)',
    (fx) => ({ input: { organizationId: fx.acme, samlProviderId: 'no-such-provider' } }),
    { typename: 'DeletedInOrganizationPayload' },
  ),
  missing('deleteSAMLProvider', 'NotFoundError (unknown organization)', () => ({
    organizationId: MISSING_ORG,
    samlProviderId: 'no-such-provider',
  })),
  forbidden('deleteSAMLProvider', 'read', 'needs organization admin', async (fx) => ({
    organizationId: fx.acme,
    samlProviderId: await fx.saml(),
  })),
];
