import type { ArgBuilder, InputFieldMap, InputShapeFromFields, ObjectRef } from '@pothos/core';
import { GraphQLError } from 'graphql';
import { builder } from '../builder.ts';
import type { GatewayContext } from '../context.ts';
import { subscriptionLimitError } from '../errorCatalog.ts';
import type { Types } from '../schema/base.ts';
import type { Topic } from './topic.ts';

builder.subscriptionType({
  description:
    'Live data over Server-Sent Events: each event carries the object as a query would, read with the subscriber’s own token, sent only when what the subscriber can read of it changed.',
});

/**
 * A subscription field: its arguments name a topic; each event of the topic is the field's value.
 * Changes come from mutations of any replica and from polls of the upstream (`LiveHub`).
 */
export function liveField<Args extends InputFieldMap, E>(
  name: string,
  options: {
    type: ObjectRef<Types, E> | ObjectRef<Types, E | string, E>;
    description: string;
    args: (t: ArgBuilder<Types>) => Args;
    topic: (args: InputShapeFromFields<Args>, ctx: GatewayContext) => Topic<E>;
  },
): void {
  builder.subscriptionField(
    name,
    (t) =>
      t.field({
        type: options.type as ObjectRef<Types, E>,
        description: options.description,
        args: options.args(t.arg),
        subscribe: (_root, args, ctx) => {
          if (!ctx.live) {
            throw subscriptionLimitError('subscriptions are off on this server');
          }
          return ctx.live.hub.subscribe(
            options.topic(args as never, ctx),
            ctx.live.request,
            ctx.rest,
          );
        },
        // An error event (the subscription ends on it, e.g. out of budget) is raised here.
        resolve: (event: E) => {
          if (event instanceof GraphQLError) throw event;
          return event as never;
        },
      }) as never,
  );
}
