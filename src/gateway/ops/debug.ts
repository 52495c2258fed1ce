import type { GatewayContext } from '../context.ts';
import { type ExecuteHooks, type RequestPart, replaceResult } from '../plugins/requestPart.ts';

/** Adds the upstream calls of a debug request to its answer; one hooks object for all. */
const listCalls: ExecuteHooks = {
  onExecuteDone(payload) {
    const { result } = payload;
    if (!result) return;
    const ctx = payload.args.contextValue as unknown as GatewayContext;
    // An incremental answer lists every call in its last part.
    if (Symbol.asyncIterator in result) {
      return {
        onNext(next) {
          const part = next.result;
          if ((part as { hasNext?: boolean }).hasNext !== false) return;
          const upstream = ctx.rest.calls;
          replaceResult(next, { ...part, extensions: { ...part.extensions, upstream } });
        },
      };
    }
    replaceResult(payload, {
      ...result,
      extensions: { ...result.extensions, upstream: ctx.rest.calls },
    });
  },
};

/**
 * `extensions.upstream` (method, path, status, ms, loader) in the answers of debug requests (all
 * of them with `true`, those sending `x-docs-graph-debug: 1` with `'on-request'`); no part at
 * all when debug is off.
 */
export function debugParts(debug: boolean | 'on-request' | undefined): RequestPart[] {
  if (!debug) return [];
  return [
    {
      name: 'upstreamCalls',
      onExecute: ({ args }) =>
        (args.contextValue as unknown as GatewayContext).debug ? listCalls : undefined,
    },
  ];
}
