/** The options of the limits and the guardrails. */
import { z } from 'zod';
import { DEFAULT_MAX_COST } from '../gateway/guard/plugins.ts';
import {
  DEFAULT_CAPACITY,
  DEFAULT_REFILL_PER_SECOND,
  type RateLimitOptions,
} from '../gateway/guard/rateLimit.ts';
import { type Limits, parseLimits } from './limits.ts';
import { option, refuse, text, textAs, toggle, wholeNumber } from './option.ts';

/** `--limits`: one entry per limit of either table. */
export const LIMIT_OPTIONS = {
  limits: option<Partial<Limits>>({
    flag: 'limits',
    arg: '<list>',
    env: 'DOCS_GRAPH_LIMITS',
    accepted: '`name=value,...` with the names of the limits below',
    schema: z
      .string()
      .optional()
      .transform((list, ctx) => {
        if (list === undefined) return undefined;
        try {
          return parseLimits(list);
        } catch (error) {
          return refuse(ctx, (error as Error).message);
        }
      }),
    default: {},
    defaultText: 'every limit at its default',
    description: 'HTTP and GraphQL document limits, e.g. `jsonDepth=200,graphqlBodyBytes=4194304`',
  }),
};

/** The budget `--rate-limit on` sets. */
export const RATE_LIMIT_ON: RateLimitOptions = {
  capacity: DEFAULT_CAPACITY,
  refillPerSecond: DEFAULT_REFILL_PER_SECOND,
};

/** Guardrails: cost, rate limits, trusted documents, introspection. */
export const GUARD = {
  maxCost: option({
    flag: 'max-cost',
    arg: '<n>',
    env: 'DOCS_GRAPH_MAX_COST',
    ...wholeNumber(1, Number.MAX_SAFE_INTEGER),
    default: DEFAULT_MAX_COST,
    description: 'most upstream calls one operation may be estimated at',
  }),
  rateLimit: option<RateLimitOptions | false | undefined>({
    flag: 'rate-limit',
    arg: '<capacity>:<refill per second>|on|off',
    env: 'DOCS_GRAPH_RATE_LIMIT',
    ...textAs('`<capacity>:<refill per second>` (e.g. `10000:100`), `on` or `off`', (t) => {
      if (t === 'on') return RATE_LIMIT_ON;
      if (t === 'off') return false;
      const match = /^(\d+):(\d+(?:\.\d+)?)$/.exec(t);
      const capacity = Number(match?.[1]);
      const refillPerSecond = Number(match?.[2]);
      return match && capacity >= 1 && refillPerSecond > 0
        ? { capacity, refillPerSecond }
        : undefined;
    }),
    default: undefined,
    defaultText: '`gateway`: `on` (10000:100); `start`: `off`',
    description: 'budget of upstream calls per token, or per address without one',
  }),
  trustedDocuments: option<string | undefined>({
    flag: 'trusted-documents',
    arg: '<manifest>',
    env: 'DOCS_GRAPH_TRUSTED_DOCUMENTS',
    ...text('the path of a `{ "<sha256>": "<document>" }` JSON file'),
    default: undefined,
    defaultText: 'none',
    description:
      'run only the documents of this persisted-documents manifest, by hash, e.g. `src/client/generated/persisted-documents.json`',
  }),
  disableIntrospection: option({
    flag: 'disable-introspection',
    env: 'DOCS_GRAPH_INTROSPECTION',
    envOn: 'off',
    ...toggle('a switch; the variable `off`'),
    default: false,
    description: 'refuse `__schema` and `__type` queries (GraphiQL then has no schema)',
  }),
};
