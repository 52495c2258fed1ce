import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
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

/**
 * Fastify's schema compilers: routes declare zod schemas for their input (`validatorCompiler`)
 * and none for responses, which are sent as JSON. Given here, Fastify does not build its default
 * compilers (Ajv and fast-json-stringify, about 150 modules) at start.
 */
export const schemaController = {
  compilersFactory: {
    buildValidator: () => validatorCompiler,
    buildSerializer: () => () => (data: unknown) => JSON.stringify(data),
  },
  // Fastify types these factories as Ajv's and fast-json-stringify's; any compiler fits at run time.
} as unknown as FastifyServerOptions['schemaController'];
