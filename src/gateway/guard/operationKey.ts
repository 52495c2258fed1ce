// The key under which the guard keeps what it worked out for one operation and its variables
// (an estimate, an argument check), per parsed document.

/** Longest operation-and-variables key kept: larger inputs (a page's Markdown) are not kept. */
export const MAX_KEY_LENGTH = 2_048;

/** Most operation-and-variables answers kept per document. */
export const KEYS_PER_DOCUMENT = 64;

/**
 * The key of an operation and its variables, or undefined when it is not to be kept: variables
 * too deep to serialise (refused later, by validation) or a key over `MAX_KEY_LENGTH`.
 */
export function operationKey(
  operationName: string | null | undefined,
  variables: unknown,
): string | undefined {
  let key: string;
  try {
    key = `${operationName ?? ''}\u0000${variables === undefined ? '' : JSON.stringify(variables)}`;
  } catch {
    return undefined;
  }
  return key.length > MAX_KEY_LENGTH ? undefined : key;
}
