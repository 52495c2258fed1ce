import {
  decodeGlobalId,
  encodeGlobalId,
  INVALID_ID,
} from '../../src/gateway/resources/globalId.ts';

// Global IDs as the gateway encodes them (base64 of `Type:` and the address segments), through
// the gateway's own codec: tests build and read ids here, never by hand.

/** The local part of a global ID from its address segments (each URI-encoded, joined by `/`). */
export function addressId(...parts: string[]): string {
  return parts.map((p) => encodeURIComponent(p)).join('/');
}

/** The global ID of an object from its type name and local id. */
export function globalId(typename: string, localId: string): string {
  return encodeGlobalId(typename, localId);
}

/**
 * The local part of a global ID (its address segments, URI-encoded, joined by `/`), of type
 * `typename` when one is given; throws when `id` is no such global ID.
 */
export function localIdOf(id: string, typename?: string): string {
  const decoded = decodeGlobalId(id);
  if (decoded.typename === INVALID_ID || (typename && decoded.typename !== typename)) {
    throw new Error(`${id} is not a global ID${typename ? ` of a ${typename}` : ''}`);
  }
  return decoded.id;
}

/** The REST id of an object (its last address segment) from its global ID. */
export function restIdOf(id: string, typename?: string): string {
  const segments = localIdOf(id, typename).split('/');
  return decodeURIComponent(segments[segments.length - 1] ?? '');
}

/**
 * The REST id of an object from its global ID of type `typename` (the last address segment), or
 * the value itself when it is not such a global ID.
 */
export function toRestId(value: string, typename: string): string {
  return decodeGlobalId(value).typename === typename ? restIdOf(value) : value;
}

/** A REST id the workspace server makes (`ids.ts`): 20 base62 characters. */
export const REST_ID = /^[0-9A-Za-z]{20}$/;
