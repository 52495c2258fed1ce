import { badInput } from '../errorCatalog.ts';
import { ShapeDamage } from './damage.ts';

/** Longest id or path segment the gateway sends upstream: the most `idLength` may be set to. */
export const MAX_SEGMENT_LENGTH = 200;

/** Why a value cannot be one path segment, or undefined when it can. */
export function segmentProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'is not a string';
  if (value === '') return 'is empty';
  if (value === '.' || value === '..') return 'is a dot segment';
  if (value.length > MAX_SEGMENT_LENGTH) return `is longer than ${MAX_SEGMENT_LENGTH} characters`;
  // Lone surrogates cannot be percent-encoded (encodeURIComponent throws on them).
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value)) {
    return 'is not well-formed Unicode';
  }
  return undefined;
}

/**
 * Encodes one opaque id as a single path segment: every character outside the unreserved set is
 * percent-encoded, and `.`, `..`, empty, oversized or malformed values are refused with
 * BAD_USER_INPUT before any call, so no id can add path structure to an upstream call.
 */
export function segment(value: unknown): string {
  // A value the upstream sent in the wrong shape fails as that, never as an address.
  if (value instanceof ShapeDamage) throw value.error();
  const problem = segmentProblem(value);
  if (problem) {
    throw badInput(undefined, `id ${problem}: not a valid path segment`);
  }
  return encodeURIComponent(value as string);
}

/**
 * The one builder of upstream paths: a tagged template whose every interpolation is an opaque
 * segment, `restPath\`/spaces/${id}/change-requests\``, encoded and checked by `segment`.
 */
export function restPath(strings: TemplateStringsArray, ...values: unknown[]): string {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += segment(value) + (strings[i + 1] ?? '');
  });
  return out;
}

/**
 * The path of a `/v1` route template (`/spaces/{spaceId}/move`): each `{param}` takes the next of
 * `ids`, encoded and checked by `segment`.
 */
export function fillRoute(template: string, ids: readonly unknown[]): string {
  let next = 0;
  const path = template.replace(/\{[^}]+\}/g, () => segment(ids[next++]));
  if (next !== ids.length) {
    throw new Error(`route ${template} takes ${next} ids, not ${ids.length}`);
  }
  return path;
}
