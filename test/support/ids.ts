/** Global IDs as the gateway encodes them: base64 of `Type:` and the address segments. */

/** The local part of a global ID from its address segments (each URI-encoded, joined by `/`). */
export function addressId(...parts: string[]): string {
  return parts.map((p) => encodeURIComponent(p)).join('/');
}

/** The global ID of an object from its type name and local id. */
export function globalId(typename: string, localId: string): string {
  return Buffer.from(`${typename}:${localId}`, 'utf8').toString('base64');
}

/**
 * The REST id of an object from its global ID of type `typename` (the last address segment), or
 * the value itself when it is not such a global ID.
 */
export function toRestId(value: string, typename: string): string {
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  if (
    !decoded.startsWith(`${typename}:`) ||
    globalId(typename, decoded.slice(typename.length + 1)) !== value
  ) {
    return value;
  }
  const parts = decoded.slice(typename.length + 1).split('/');
  return decodeURIComponent(parts[parts.length - 1] ?? '');
}

/** A REST id the workspace server makes (`ids.ts`): 20 base62 characters. */
export const REST_ID = /^[0-9A-Za-z]{20}$/;
