import { readPersistedDocuments } from './documents.ts';
import type { GuardOptions } from './plugins.ts';
import { DEFAULT_CAPACITY, DEFAULT_REFILL_PER_SECOND } from './rateLimit.ts';

/** The guard's command-line options (and their environment variables), as given. */
export interface GuardFlags {
  /** `--max-cost <n>` / `DOCS_GRAPH_MAX_COST`. */
  maxCost?: string | undefined;
  /** `--rate-limit <capacity>:<refill per second> | on | off` / `DOCS_GRAPH_RATE_LIMIT`. */
  rateLimit?: string | undefined;
  /** `--trusted-documents <manifest>` / `DOCS_GRAPH_TRUSTED_DOCUMENTS`. */
  trustedDocuments?: string | undefined;
  /** `--disable-introspection` / `DOCS_GRAPH_INTROSPECTION=off`. */
  disableIntrospection?: boolean | undefined;
}

/** The flags' names in the help text. */
export const GUARD_USAGE = `  --max-cost <n>    most upstream calls one operation may be estimated at (DOCS_GRAPH_MAX_COST;
                    default 1000)
  --rate-limit <capacity>:<refill per second>|on|off
                    budget of upstream calls per token, or per address without one
                    (DOCS_GRAPH_RATE_LIMIT; gateway: on at 10000:100; start: off)
  --trusted-documents <manifest>
                    run only the documents of this persisted-documents manifest, by hash
                    (DOCS_GRAPH_TRUSTED_DOCUMENTS), e.g. src/client/generated/persisted-documents.json
  --disable-introspection
                    refuse __schema and __type queries (DOCS_GRAPH_INTROSPECTION=off)
`;

/** Reads the flags, else the environment; throws an Error with a clear message on bad input. */
export function guardOptionsFromFlags(
  flags: GuardFlags,
  env: NodeJS.ProcessEnv,
  rateLimitByDefault: boolean,
): GuardOptions {
  const options: GuardOptions = {};
  const maxCost = flags.maxCost ?? env.DOCS_GRAPH_MAX_COST;
  if (maxCost !== undefined && maxCost !== '') {
    const value = Number(maxCost);
    if (!Number.isInteger(value) || value < 1) {
      throw new Error(
        `--max-cost must be a whole number of at least 1, got ${JSON.stringify(maxCost)}`,
      );
    }
    options.maxCost = value;
  }
  const rate = flags.rateLimit ?? env.DOCS_GRAPH_RATE_LIMIT ?? (rateLimitByDefault ? 'on' : 'off');
  if (rate === 'on') {
    options.rateLimit = { capacity: DEFAULT_CAPACITY, refillPerSecond: DEFAULT_REFILL_PER_SECOND };
  } else if (rate !== 'off') {
    const match = /^(\d+):(\d+(?:\.\d+)?)$/.exec(rate);
    const capacity = Number(match?.[1]);
    const refill = Number(match?.[2]);
    if (!match || capacity < 1 || !(refill > 0)) {
      throw new Error(
        `--rate-limit must be <capacity>:<refill per second> (e.g. 10000:100), on or off, got ${JSON.stringify(rate)}`,
      );
    }
    options.rateLimit = { capacity, refillPerSecond: refill };
  }
  const manifest = flags.trustedDocuments ?? env.DOCS_GRAPH_TRUSTED_DOCUMENTS;
  if (manifest) options.trustedDocuments = readPersistedDocuments(manifest);
  if (flags.disableIntrospection === true || env.DOCS_GRAPH_INTROSPECTION === 'off') {
    options.limits = { introspection: false };
  }
  return options;
}
