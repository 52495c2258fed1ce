/** A representation the router sends to `_entities`: `__typename` and the fields of one key. */
export type Representation = Readonly<Record<string, unknown>>;

/**
 * How a representation is read, decided once for the resolver and the cost estimate alike:
 * - `id`: by its global ID, whenever `id` is a string (other keys beside it are ignored); no call
 *   until a selected field needs the body;
 * - `number`: a change request by its number within its space (`space { id } number`, with `id`
 *   absent or not a string), kept in its address as a lookup by number is: one read at most,
 *   counted always (its id, and those of the objects under it, need it);
 * - `restId`: by its natural key (`restId` and the parents' keys), as `id`;
 * - `none`: no key the type has, or a key of the wrong type: `BAD_USER_INPUT`, no call.
 */
export type KeyForm =
  | { by: 'id'; id: string }
  | { by: 'number'; space: string; number: number }
  | { by: 'restId' }
  | { by: 'none'; reason: string };

/**
 * The key form of `representation` for an entity of type `typename`; `natural`: the type has a
 * natural key (`restId` with its parents' keys).
 */
export function keyForm(
  typename: string,
  representation: Representation,
  natural: boolean,
): KeyForm {
  const { id } = representation;
  if (typeof id === 'string') return { by: 'id', id };
  if (typename === 'ChangeRequest' && 'number' in representation) {
    const space = representation.space;
    const spaceId =
      typeof space === 'object' && space !== null ? (space as Representation).id : undefined;
    const { number } = representation;
    if (typeof spaceId !== 'string' || typeof number !== 'number' || !Number.isInteger(number)) {
      return { by: 'none', reason: 'ChangeRequest needs space { id } and number in its key' };
    }
    return { by: 'number', space: spaceId, number };
  }
  if (natural && 'restId' in representation) return { by: 'restId' };
  return { by: 'none', reason: `no key of ${typename} in the representation` };
}
