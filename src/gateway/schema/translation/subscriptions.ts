import { liveField } from '../../live/field.ts';
import { objectTopic } from '../../live/topic.ts';
import { TranslationResource } from './resource.ts';
import { TranslationRef } from './types.ts';

liveField('translationChanged', {
  type: TranslationRef,
  description: 'A translation each time its status changes (queued, running, done, failed).',
  args: (t) => ({
    id: t.id({
      required: true,
      description: 'Translation ID (global, or REST id with `organizationId`).',
    }),
    organizationId: t.id({ description: 'Organization ID, beside a REST translation id.' }),
  }),
  topic: (args) => {
    const address = TranslationResource.parseInput(args.id, {
      parents: { org: args.organizationId },
    });
    return objectTopic({
      path: TranslationResource.path(address),
      contract: TranslationResource.contract,
      watched: (translation) => translation.status,
      event: (item) => TranslationResource.shape(item, address),
    });
  },
});
