import { builder } from '../builder.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';

// The GraphQL types of the contract errors of mutations (their classes are in `../errors.ts`).

/** Interface of every contract error a mutation can answer. */
export const ErrorInterface = builder.interfaceRef<Error>('Error').implement({
  description: 'A contract error of a mutation: switch on `__typename` in client code.',
  fields: (t) => ({
    message: t.exposeString('message', { nullable: false, description: 'What went wrong.' }),
  }),
});

const FieldErrorRef = builder
  .objectRef<{ path: string[]; message: string }>('FieldError')
  .implement({
    description: 'One invalid input field.',
    fields: (t) => ({
      path: t.exposeStringList('path', {
        nullable: false,
        description: 'Path of the field in the input.',
      }),
      message: t.exposeString('message', { nullable: false, description: 'The rule it breaks.' }),
    }),
  });

builder.objectType(ValidationError, {
  name: 'ValidationError',
  description: 'The input breaks a limit or rule of the REST surface; nothing was changed.',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    fieldErrors: t.field({
      type: [FieldErrorRef],
      nullable: false,
      description: 'Each invalid field with its rule.',
      resolve: (error) => error.fieldErrors,
    }),
  }),
});

builder.objectType(NotFoundError, {
  name: 'NotFoundError',
  description: 'The object does not exist or is not visible to the caller.',
  interfaces: [ErrorInterface],
});

builder.objectType(ForbiddenError, {
  name: 'ForbiddenError',
  description: 'The caller can see the object but lacks the level this change needs.',
  interfaces: [ErrorInterface],
});

builder.objectType(ConflictError, {
  name: 'ConflictError',
  description:
    'The object is in a state that forbids the change: merge of a merged or archived request, restore outside the window, a locked space.',
  interfaces: [ErrorInterface],
});
