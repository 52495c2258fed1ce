/**
 * The one table of limits that `--limits` and the `limits` options set: the HTTP limits and the
 * GraphQL document limits, each defined in the module that enforces it.
 */
import { DEFAULT_DOCUMENT_LIMITS, DOCUMENT_LIMITS } from '../gateway/guard/limits.ts';
import { DEFAULT_HTTP_LIMITS, HTTP_LIMITS, type LimitSpec } from '../http/limits.ts';

/** Every limit of both tables, by name: `--limits name=value` sets each. */
export const LIMITS = { ...HTTP_LIMITS, ...DOCUMENT_LIMITS } satisfies Record<string, LimitSpec>;

/** The HTTP and GraphQL document limits, by name. */
export type Limits = { [K in keyof typeof LIMITS]: number };

/** Every limit at its default. */
export const DEFAULT_LIMITS: Limits = { ...DEFAULT_HTTP_LIMITS, ...DEFAULT_DOCUMENT_LIMITS };

/** The defaults with the given overrides. */
export function limitsWith(overrides: Partial<Limits> = {}): Limits {
  const limits = { ...DEFAULT_LIMITS };
  for (const [key, value] of Object.entries(overrides) as [keyof Limits, number | undefined][]) {
    if (value !== undefined) limits[key] = value;
  }
  return limits;
}

/**
 * Overrides from `name=value,name=value` (the `--limits` option): names are those of `LIMITS`,
 * values whole numbers from 1 to the limit's `max`. Throws an Error naming the first bad entry.
 */
export function parseLimits(text: string): Partial<Limits> {
  const out: Partial<Limits> = {};
  for (const entry of text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [name = '', raw = ''] = entry.split('=').map((p) => p.trim());
    if (!(name in LIMITS)) {
      throw new Error(
        `names an unknown limit ${JSON.stringify(name)} (known: ${Object.keys(LIMITS).join(', ')})`,
      );
    }
    const spec: LimitSpec = LIMITS[name as keyof Limits];
    const max = spec.max ?? Number.MAX_SAFE_INTEGER;
    const value = Number(raw.replace(/_/g, ''));
    if (!Number.isSafeInteger(value) || value < 1 || value > max) {
      const range = spec.max ? `a whole number from 1 to ${max}` : 'a positive whole number';
      throw new Error(`sets ${name} to ${JSON.stringify(raw)}: it must be ${range}`);
    }
    out[name as keyof Limits] = value;
  }
  return out;
}
