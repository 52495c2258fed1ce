import { encodeGlobalID } from '@pothos/plugin-relay';

/** Type name given to a global ID that does not decode, so it fails alone, with a clear code. */
export const INVALID_ID = '__invalid__';

// The global-ID codec of the whole graph: strict by default, lenient where the guard needs it.

/**
 * Decodes `base64("Type:address")` strictly (canonical base64, a type name, a non-empty local
 * part); anything else is marked with the type `INVALID_ID`, never thrown. The relay plugin's
 * `decodeGlobalID` for the whole graph.
 */
export function decodeGlobalId(globalId: string): { typename: string; id: string } {
  const decoded = /^[A-Za-z0-9+/]+={0,2}$/.test(globalId)
    ? Buffer.from(globalId, 'base64').toString('utf8')
    : '';
  const canonical = Buffer.from(decoded, 'utf8').toString('base64');
  const colon = decoded.indexOf(':');
  if (canonical.replace(/=+$/, '') !== globalId.replace(/=+$/, '') || colon < 1) {
    return { typename: INVALID_ID, id: globalId };
  }
  const typename = decoded.slice(0, colon);
  const id = decoded.slice(colon + 1);
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(typename) || id === '') {
    return { typename: INVALID_ID, id: globalId };
  }
  return { typename, id };
}

/**
 * Decodes `base64("Type:address")` leniently (any base64 whose text has a colon after at least
 * one character), or undefined: the entry point of the cost estimate, which bounds what an id
 * may cost before the strict decoding of the field refuses it.
 */
export function decodeGlobalIdLenient(
  value: unknown,
): { typename: string; id: string } | undefined {
  if (typeof value !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return undefined;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return undefined;
  return { typename: decoded.slice(0, colon), id: decoded.slice(colon + 1) };
}

/** The global ID of an object from its type name and local id, as the relay plugin encodes it. */
export function encodeGlobalId(typename: string, localId: string): string {
  return encodeGlobalID(typename, localId);
}
