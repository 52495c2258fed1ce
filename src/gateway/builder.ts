import SchemaBuilder from '@pothos/core';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ErrorsPlugin from '@pothos/plugin-errors';
import RelayPlugin from '@pothos/plugin-relay';
import ValidationPlugin from '@pothos/plugin-validation';
import type { GatewayContext } from './context.ts';
import { ValidationError } from './errors.ts';

/** The one SchemaBuilder of the graph, with its plugins; types live in `schema/<domain>.ts`. */
export const builder = new SchemaBuilder<{
  Context: GatewayContext;
  Scalars: {
    ID: { Input: string; Output: string };
    DateTime: { Input: string; Output: string };
    JSON: { Input: unknown; Output: unknown };
  };
  DefaultInputFieldRequiredness: false;
}>({
  // Errors must come before Validation so that invalid input becomes a typed ValidationError.
  plugins: [ErrorsPlugin, ValidationPlugin, RelayPlugin, DataloaderPlugin],
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    nodesOnConnection: true,
    nodeTypeOptions: {
      description: 'An object with a global ID that `node(id)` fetches in one upstream call.',
    },
    pageInfoTypeOptions: { description: 'Where a page of a connection stands.' },
  },
  errors: {
    directResult: true,
    unsafelyHandleInputErrors: true,
    defaultTypes: [],
  },
  validation: {
    validationError: (result) => ValidationError.fromIssues(result.issues),
  },
});

// Relay's connectionObject drops `defaultConnectionTypeOptions.fields`; a global field is kept.
builder.globalConnectionField('totalCount', (t) =>
  t.int({
    description: 'Total number of items matching the filters (the REST `count`).',
    nullable: false,
    resolve: (parent) => (parent as { totalCount?: number }).totalCount ?? 0,
  }),
);
