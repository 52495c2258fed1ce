import {
  buildClientSchema,
  getIntrospectionQuery,
  type IntrospectionQuery,
  printSchema,
} from 'graphql';
import { createGateway } from '../src/gateway/yoga.ts';

/**
 * The SDL of the schema the gateway serves at `/graphql`, read back through introspection: what
 * its plugins add (`@defer`, `@stream`) included, as a codegen or a linter sees it. The upstream
 * is never called.
 */
export async function servedSdl(options: { federation?: boolean } = {}): Promise<string> {
  const gateway = createGateway({
    upstream: 'http://127.0.0.1:9/v1',
    federation: options.federation ?? false,
  });
  try {
    const response = await gateway.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        query: getIntrospectionQuery({
          descriptions: true,
          specifiedByUrl: true,
          directiveIsRepeatable: true,
          schemaDescription: true,
          inputValueDeprecation: true,
          oneOf: true,
        }),
      }),
    });
    const answer = (await response.json()) as { data?: IntrospectionQuery; errors?: unknown[] };
    if (!answer.data || answer.errors) {
      throw new Error(`introspection failed: ${JSON.stringify(answer.errors ?? answer)}`);
    }
    return `${printSchema(buildClientSchema(answer.data))}\n`;
  } finally {
    await gateway.live.close();
    await gateway.upstream.close();
  }
}
