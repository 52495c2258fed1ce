// One rule decides how `_entities` reads a representation, for its resolver and for the cost
// estimate alike: every key form, and what the estimate of each then says.
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { keyForm } from '../../src/gateway/federation/keyForm.ts';
import { subgraph } from '../../src/gateway/federation/schema.ts';
import { estimateCost } from '../../src/gateway/guard/estimate.ts';

const SPACE = 'U3BhY2U6c3BhY2Ux';
const CR = 'Q2hhbmdlUmVxdWVzdDpzcGFjZTEvY3Ix';

describe('keyForm', () => {
  const cases: [string, string, Record<string, unknown>, boolean, string][] = [
    ['a global ID', 'ChangeRequest', { id: CR }, false, 'id'],
    [
      'a global ID beside a number (extra keys)',
      'ChangeRequest',
      { id: CR, number: 3 },
      false,
      'id',
    ],
    ['a global ID beside unknown keys', 'Space', { id: SPACE, title: 'x', extra: [1] }, true, 'id'],
    [
      'id: null with space and number',
      'ChangeRequest',
      { id: null, space: { id: SPACE }, number: 3 },
      false,
      'number',
    ],
    [
      'no id, space and number',
      'ChangeRequest',
      { space: { id: SPACE }, number: 3 },
      false,
      'number',
    ],
    [
      'an id of the wrong type with a number',
      'ChangeRequest',
      { id: 7, space: { id: SPACE }, number: 3 },
      false,
      'number',
    ],
    [
      'a number of the wrong type',
      'ChangeRequest',
      { space: { id: SPACE }, number: '3' },
      false,
      'none',
    ],
    ['a fractional number', 'ChangeRequest', { space: { id: SPACE }, number: 1.5 }, false, 'none'],
    ['a number without its space', 'ChangeRequest', { number: 3 }, false, 'none'],
    ['a space of the wrong type', 'ChangeRequest', { space: SPACE, number: 3 }, false, 'none'],
    ['a number on another type', 'Space', { number: 3 }, true, 'none'],
    ['a natural key', 'Space', { restId: 'space1', organization: { restId: 'o' } }, true, 'restId'],
    ['a natural key on a type without one', 'ChangeRequest', { restId: 'cr1' }, false, 'none'],
    ['id: null alone', 'Space', { id: null }, true, 'none'],
    ['an id of the wrong type alone', 'Space', { id: 42 }, true, 'none'],
    ['nothing', 'Space', {}, true, 'none'],
  ];
  it.each(cases)('%s', (_name, typename, representation, natural, by) => {
    expect(keyForm(typename, representation, natural).by).toBe(by);
  });

  it('carries what the read needs: the id, or the space and the number', () => {
    expect(keyForm('ChangeRequest', { id: CR, number: 3 }, false)).toEqual({ by: 'id', id: CR });
    expect(keyForm('ChangeRequest', { id: null, space: { id: SPACE }, number: 3 }, false)).toEqual({
      by: 'number',
      space: SPACE,
      number: 3,
    });
  });
});

describe('the estimate of _entities follows keyForm', () => {
  const { schema } = subgraph();
  const document = parse('query ($r: [_Any!]!) { _entities(representations: $r) { __typename } }');
  const calls = (r: unknown[]) => estimateCost(schema, document, undefined, { r }).calls;

  it('counts one read per change request read by number, whatever its id says', () => {
    const byNumber = (k: number, id: unknown) => ({
      __typename: 'ChangeRequest',
      ...(id === undefined ? {} : { id }),
      space: { id: SPACE },
      number: k,
    });
    expect(calls([byNumber(1, undefined), byNumber(2, null), byNumber(3, 7)])).toBe(3);
    // The same representation twice is one read.
    expect(calls([byNumber(1, null), byNumber(1, null)])).toBe(1);
  });

  it('counts nothing for global IDs selecting only __typename, nor for keys that name nothing', () => {
    expect(calls([{ __typename: 'ChangeRequest', id: CR, number: 3 }])).toBe(0);
    expect(calls([{ __typename: 'ChangeRequest', space: { id: SPACE }, number: '3' }])).toBe(0);
    expect(calls([{ __typename: 'Space', id: null }])).toBe(0);
  });
});
