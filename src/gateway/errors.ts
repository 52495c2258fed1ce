import { hasErrorCode, InputError } from './errorCatalog.ts';
import { UpstreamError } from './upstream/errors.ts';

/** One invalid input field. */
export interface FieldError {
  path: string[];
  message: string;
}

/** Invalid mutation input, caught in the gateway before any upstream call (or answered 400). */
export class ValidationError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: FieldError[],
  ) {
    super(message);
    this.name = 'ValidationError';
  }

  /** From field errors; the message sums up the first three. */
  static fromFieldErrors(fieldErrors: FieldError[]): ValidationError {
    const summary = fieldErrors
      .slice(0, 3)
      .map((e) => (e.path.length ? `${e.path.join('.')}: ${e.message}` : e.message))
      .join('; ');
    return new ValidationError(summary || 'invalid input', fieldErrors);
  }

  /** The same errors with REST body field names replaced by the input's (`organization` -> `organizationId`). */
  renamed(inputFields: Record<string, string>): ValidationError {
    return ValidationError.fromFieldErrors(
      this.fieldErrors.map((e) => {
        const [head, ...rest] = e.path;
        const mapped = head !== undefined ? inputFields[head] : undefined;
        return mapped ? { ...e, path: [mapped, ...rest] } : e;
      }),
    );
  }

  /** From standard-schema issues (zod). */
  static fromIssues(
    issues: ReadonlyArray<{
      message: string;
      path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
    }>,
  ): ValidationError {
    return ValidationError.fromFieldErrors(
      issues.map((issue) => ({
        path: (issue.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)),
        message: issue.message,
      })),
    );
  }
}

/** The object a mutation addresses does not exist or is not visible to the caller. */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
}

/** The caller may see the object but not do this to it. */
export class ForbiddenError extends Error {
  override name = 'ForbiddenError';
}

/** The object's state forbids the change (merge of a merged request, locked space, ...). */
export class ConflictError extends Error {
  override name = 'ConflictError';
}

/** Every contract error class, for `errors: { types }` of mutations. */
export const MUTATION_ERRORS = [ValidationError, NotFoundError, ForbiddenError, ConflictError];

/**
 * Maps an upstream failure of a write to its typed result by its code (see `codeForStatus`):
 * invalid input, not found, forbidden, conflict. 401 and transport failures stay request-level.
 */
export function toMutationError(error: unknown): unknown {
  // An id of the input that does not parse (a global ID of the wrong shape) is invalid input.
  if (error instanceof InputError) return invalid(error.message, error.field);
  if (!(error instanceof UpstreamError) && hasErrorCode(error, 'BAD_USER_INPUT')) {
    return invalid(error.message, []);
  }
  if (!(error instanceof UpstreamError)) return error;
  // The status was mapped to a code once, by `codeForStatus`; the typed result follows the code.
  switch (error.code) {
    case 'BAD_USER_INPUT':
      return invalid(error.message, error.field);
    case 'FORBIDDEN':
      return new ForbiddenError(error.message);
    case 'NOT_FOUND':
      return new NotFoundError(error.message);
    case 'CONFLICT':
      return new ConflictError(error.message);
    default:
      return error;
  }
}

/** The ValidationError of one invalid field, its path given as data. */
function invalid(message: string, field: readonly string[]): ValidationError {
  return new ValidationError(message, [{ path: [...field], message }]);
}

/** Runs a write and turns upstream contract failures into typed results. */
export async function mutate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toMutationError(error);
  }
}
