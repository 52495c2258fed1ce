import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { badRequest, describeZodError } from './errors.ts';

/**
 * Compiles the zod schemas a route declares for its params, query and body (types through
 * `fastify-type-provider-zod`): the parsed value replaces the request part, a failure is a 400
 * naming the field and the rule (`query` or `body` when the issue is the whole part), and a
 * missing body is validated as an empty object.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part = httpPart === 'querystring' ? 'query' : (httpPart ?? 'body');
  return (data) => {
    const result = schema.safeParse(part === 'body' ? (data ?? {}) : data);
    if (result.success) return { value: result.data };
    return { error: badRequest(describeZodError(result.error, part)) };
  };
};
