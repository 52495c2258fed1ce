import { liveField } from '../../live/field.ts';
import { objectTopic } from '../../live/topic.ts';
import { ChangeRequestResource } from './resource.ts';
import { ChangeRequestRef } from './types/changeRequest.ts';

liveField('changeRequestChanged', {
  type: ChangeRequestRef,
  description:
    'A change request each time it changes (subject, status, revision, comment count, reviewers…), made through this gateway or elsewhere.',
  args: (t) => ({
    id: t.id({
      required: true,
      description: 'Change request ID (global, or REST id with `spaceId`).',
    }),
    spaceId: t.id({
      description: 'Space ID (global or REST id), beside a REST change request id.',
    }),
  }),
  topic: (args) => {
    const address = ChangeRequestResource.parseInput(args.id, {
      parents: { space: args.spaceId },
    });
    return objectTopic({
      path: ChangeRequestResource.path(address),
      contract: ChangeRequestResource.contract,
      event: (item) => ChangeRequestResource.shape(item, address),
    });
  },
});
