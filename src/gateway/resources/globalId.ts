import { encodeGlobalID } from '@pothos/plugin-relay';

/** Type name given to a global ID that does not decode, so it fails alone, with a clear code. */
export const INVALID_ID = '__invalid__';

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

/** The global ID of an object from its type name and local id, as the relay plugin encodes it. */
export function encodeGlobalId(typename: string, localId: string): string {
  return encodeGlobalID(typename, localId);
}
