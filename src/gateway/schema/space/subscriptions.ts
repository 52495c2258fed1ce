import { liveField } from '../../live/field.ts';
import { objectTopic } from '../../live/topic.ts';
import { SpaceResource } from './resource.ts';
import { SpaceRef } from './types.ts';

liveField('spaceRevisionChanged', {
  type: SpaceRef,
  description:
    'A space each time its current revision changes (a change request merged, content imported or edited).',
  args: (t) => ({
    id: t.id({ required: true, description: 'Space ID (global or REST id).' }),
  }),
  topic: (args) => {
    const address = SpaceResource.parseInput(args.id);
    return objectTopic({
      path: SpaceResource.path(address),
      contract: SpaceResource.contract,
      watched: (space) => space.revision,
      event: (item) => SpaceResource.shape(item, address),
    });
  },
});
