import {
  IngestConversationBody,
  IssuesCluster,
  UpdateIssuesClusterBody,
} from '../../../contract/conversations.ts';
import { builder } from '../../builder.ts';
import { capitalized, Empty, objectPayload, validBody, write, writeMutation } from '../mutation.ts';
import { OrganizationResource } from '../organization/resource.ts';
import { OrganizationRef } from '../organization/types.ts';
import { ConversationResource, IssuesClusterResource } from './resource.ts';
import { ConversationRef, IssuesClusterRef } from './types.ts';

const ConversationPartInput = builder.inputType('ConversationPartInput', {
  description: 'One message of a conversation to ingest.',
  fields: (t) => ({
    type: t.string({ required: false, description: 'Kind of part; only `message` (default).' }),
    role: t.string({ required: true, description: 'Who wrote it (e.g. `user`), 1 to 50.' }),
    body: t.string({ required: true, description: 'The text (max 100 000).' }),
  }),
});

const ConversationMetadataInput = builder.inputType('ConversationMetadataInput', {
  description: 'Metadata of a conversation to ingest.',
  fields: (t) => ({
    url: t.string({ required: false, description: 'http(s) URL of the conversation.' }),
    attributes: t.field({
      type: 'JSON',
      required: false,
      description: 'Free attributes: a map of string to string (at most 50).',
    }),
    createdAt: t.field({
      type: 'DateTime',
      required: false,
      description: 'When the conversation started.',
    }),
  }),
});

const IngestConversationInput = builder.inputType('IngestConversationInput', {
  description: 'A support conversation to ingest; re-ingesting an id replaces it.',
  fields: (t) => ({
    organizationId: t.id({ required: true, description: 'Organization (global ID or REST id).' }),
    id: t.string({ required: false, description: 'Its id (letters, digits and . _ : @ -).' }),
    subject: t.string({ required: false, description: 'Subject (max 500).' }),
    metadata: t.field({
      type: ConversationMetadataInput,
      required: false,
      description: 'Metadata.',
    }),
    parts: t.field({
      type: [ConversationPartInput],
      required: true,
      description: 'Its messages (1 to 500).',
    }),
  }),
});

const IngestConversationPayload = builder
  .objectRef<{ organization: string; conversation: string | null }>('IngestConversationPayload')
  .implement({
    description: 'The ingestion was accepted; issues are extracted from the conversation.',
    fields: (t) => ({
      organization: t.field({
        type: OrganizationRef,

        description: 'The organization.',
        resolve: (p) => p.organization,
      }),
      conversation: t.field({
        type: ConversationRef,
        nullable: true,
        description:
          'The conversation, when the input named its id (no upstream call when only `id` is selected).',
        resolve: (p) =>
          p.conversation
            ? ConversationResource.ref({ org: p.organization, id: p.conversation })
            : null,
      }),
    }),
  });

writeMutation('ingestConversation', {
  type: IngestConversationPayload,
  input: IngestConversationInput,
  description: 'Ingests a support conversation into the organization. Needs organization admin.',
  resolve: async (input, ctx) => {
    const body = validBody(IngestConversationBody, {
      ...(input.id != null ? { id: input.id } : {}),
      ...(input.subject != null ? { subject: input.subject } : {}),
      ...(input.metadata != null
        ? {
            metadata: {
              ...(input.metadata.url != null ? { url: input.metadata.url } : {}),
              ...(input.metadata.attributes != null
                ? { attributes: input.metadata.attributes }
                : {}),
              ...(input.metadata.createdAt != null ? { createdAt: input.metadata.createdAt } : {}),
            },
          }
        : {}),
      parts: input.parts.map((part) => ({
        type: part.type ?? 'message',
        role: part.role,
        body: part.body,
      })),
    });
    const org = OrganizationResource.parseInput(input.organizationId, {
      field: 'organizationId',
    }).id;
    await write(ctx, 'POST', ConversationResource.route('inOrganization', org), body, Empty);
    return { organization: org, conversation: body.id ?? null };
  },
});

const ClusterIdInput = (name: string, description: string) =>
  builder.inputType(name, {
    description,
    fields: (t) => ({
      clusterId: t.id({ required: true, description: 'The cluster (global ID).' }),
    }),
  });

const ClusterPayload = objectPayload(IssuesClusterRef, {
  field: 'cluster',
  description: 'The cluster after the change.',
});

for (const [name, muted] of [
  ['muteIssuesCluster', true],
  ['unmuteIssuesCluster', false],
] as const) {
  writeMutation(name, {
    type: ClusterPayload,
    input: () =>
      ClusterIdInput(
        `${capitalized(name)}Input`,
        muted ? 'The cluster to mute.' : 'The cluster to unmute.',
      ),
    description: muted
      ? 'Mutes a cluster for change request creation. Needs organization admin.'
      : 'Unmutes a cluster for change request creation. Needs organization admin.',
    resolve: async (input, ctx) => {
      const address = IssuesClusterResource.parseInput(input.clusterId, { field: 'clusterId' });
      const body = validBody(UpdateIssuesClusterBody, { muted });
      const path = IssuesClusterResource.path(address);
      const cluster = await write(ctx, 'PATCH', path, body, IssuesCluster);
      return { cluster: IssuesClusterResource.shape(cluster, address) };
    },
  });
}
