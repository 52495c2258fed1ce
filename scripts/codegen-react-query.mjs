// The TanStack Query plugin of GraphQL Code Generator, for an input with subscription documents.
// The plugin emits every operation's document but makes hooks for queries and mutations only, and
// warns once per subscription; codegen.ts adds the subscription hooks (`subscriptionHooks`).
// Here its visitor skips subscriptions without the warning; its output is otherwise the plugin's.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const reactQuery = require('@graphql-codegen/typescript-react-query');

const { prototype } = reactQuery.ReactQueryVisitor;
const buildOperation = prototype.buildOperation;
if (!prototype.subscriptionsSkipped) {
  prototype.subscriptionsSkipped = true;
  prototype.buildOperation = function (node, ...rest) {
    if (node.operation === 'subscription') return null;
    return buildOperation.call(this, node, ...rest);
  };
}

export const plugin = reactQuery.plugin;
export const validate = reactQuery.validate;
