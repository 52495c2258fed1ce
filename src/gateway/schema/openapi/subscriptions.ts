import { liveField } from '../../live/field.ts';
import { objectTopic } from '../../live/topic.ts';
import { OpenAPISpecResource } from './resource.ts';
import { OpenAPISpecRef } from './types.ts';

liveField('openAPISpecChanged', {
  type: OpenAPISpecRef,
  description: 'An OpenAPI spec each time its processing state changes.',
  args: (t) => ({
    id: t.id({
      required: true,
      description: 'Spec ID (global, or its slug with `organizationId`).',
    }),
    organizationId: t.id({ description: 'Organization ID, beside a slug.' }),
  }),
  topic: (args) => {
    const address = OpenAPISpecResource.parseInput(args.id, {
      parents: { org: args.organizationId },
    });
    return objectTopic({
      path: OpenAPISpecResource.path(address),
      contract: OpenAPISpecResource.contract,
      watched: (spec) => spec.processingState,
      event: (item) => OpenAPISpecResource.shape(item, address),
    });
  },
});
