import {
  type Deviation,
  type DeviationKind,
  jsonType,
  RawValue,
  ShapeDamage,
  UnseenAlternative,
} from '../damage.ts';

/**
 * The damage recording of one tolerant parse: where the parse is in the answer, and each
 * deviation with its JSON path and generalised pattern.
 */

type SegmentKind = 'key' | 'index' | 'entry';

export class ParseRun {
  readonly deviations: Deviation[] = [];
  // Where the parse is, as two stacks of primitives: entered for every member the parse walks,
  // read only when a deviation is recorded.
  private readonly keys: Array<string | number> = [];
  private readonly kinds: SegmentKind[] = [];

  constructor(
    readonly method: string,
    readonly path: string,
    /** Whether values that match the contract exactly may skip the walk (see `exact.ts`). */
    readonly checks = true,
  ) {}

  enter(key: string | number, kind: SegmentKind): void {
    this.keys.push(key);
    this.kinds.push(kind);
  }

  leave(): void {
    this.keys.pop();
    this.kinds.pop();
  }

  private record(kind: DeviationKind, expected: string, raw: unknown): string {
    const field = this.keys.join('.');
    let pattern = '';
    for (let i = 0; i < this.keys.length; i++) {
      const segment = this.kinds[i];
      if (segment === 'index') pattern += '[]';
      else if (segment === 'entry') pattern += pattern ? '.{}' : '{}';
      else pattern += pattern ? `.${this.keys[i]}` : String(this.keys[i]);
    }
    this.deviations.push({
      field,
      pattern: pattern || '$',
      kind,
      expected,
      received: jsonType(raw),
    });
    return field;
  }

  damage(raw: unknown, expected: string, kind: 'missing' | 'invalid' = 'invalid'): ShapeDamage {
    const field = this.record(kind, expected, raw);
    const problem =
      kind === 'missing'
        ? `${expected} expected, absent`
        : `${expected} expected, ${jsonType(raw)} received`;
    return new ShapeDamage(raw, { method: this.method, path: this.path, field }, problem);
  }

  /** Damage for a value of the wrong type: `missing` when it is absent. */
  wrong(raw: unknown, expected: string): ShapeDamage {
    return this.damage(raw, expected, raw === undefined ? 'missing' : 'invalid');
  }

  note(kind: 'coerced' | 'absent', expected: string, raw: unknown): void {
    this.record(kind, expected, raw);
  }

  unseen(raw: unknown, expected: string): UnseenAlternative {
    const field = this.record('alternative', expected, raw);
    return new UnseenAlternative(raw, { method: this.method, path: this.path, field });
  }
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  !(value instanceof RawValue);

/** Whether `value` has a member `known` does not list. */
export function hasUnknown(value: Record<string, unknown>, known: ReadonlySet<string>): boolean {
  for (const key in value) if (!known.has(key)) return true;
  return false;
}
