import { badInput } from '../errorCatalog.ts';
import { ShapeDamage } from './damage.ts';

/** Longest id or path segment the gateway sends upstream: the most `idLength` may be set to. */
export const MAX_SEGMENT_LENGTH = 200;

/** A segment made only of unreserved characters other than `.`: sent as it is. */
const PLAIN = /^[A-Za-z0-9_~-]+$/;

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
  // The usual id: unreserved characters but the dot, so nothing to check or encode.
  if (typeof value === 'string' && value.length <= MAX_SEGMENT_LENGTH && PLAIN.test(value)) {
    return value;
  }
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
  const parts = partsOf(template);
  if (parts.length - 1 !== ids.length) {
    throw new Error(`route ${template} takes ${parts.length - 1} ids, not ${ids.length}`);
  }
  let path = parts[0] as string;
  for (let i = 0; i < ids.length; i++) path += segment(ids[i]) + parts[i + 1];
  return path;
}

/** The literal parts of route templates, around their `{param}`s (split once per template). */
const templates = new Map<string, readonly string[]>();

function partsOf(template: string): readonly string[] {
  let parts = templates.get(template);
  if (!parts) {
    parts = template.split(/\{[^}]+\}/);
    templates.set(template, parts);
  }
  return parts;
}
