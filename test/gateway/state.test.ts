import { describe, expect, it } from 'vitest';
import { attach, attached, RequestStates } from '../../src/gateway/requestState.ts';
import { isStub, knows } from '../../src/gateway/resources/stubs.ts';
import { SpaceResource } from '../../src/gateway/schema/space/resource.ts';

describe('state kept beside short-lived objects', () => {
  it('drops a request state when its last reader takes it', () => {
    const states = new RequestStates<object, { n: number }>();
    const request = {};
    states.set(request, { n: 1 });
    expect(states.get(request)).toEqual({ n: 1 });
    expect(states.take(request)).toEqual({ n: 1 });
    expect(states.get(request)).toBeUndefined();
    expect(states.take(request)).toBeUndefined();
  });

  it('keeps attached state out of copies, keys and JSON', () => {
    const KEY = Symbol('k');
    const target = { a: 1 };
    attach(target, KEY, { held: true });
    expect(attached(target, KEY)).toEqual({ held: true });
    expect(Object.keys(target)).toEqual(['a']);
    expect(JSON.stringify(target)).toBe('{"a":1}');
    const copy = { ...target };
    expect(attached(copy, KEY)).toBeUndefined();
    // Only an own property counts: an object made from the target's prototype chain does not.
    expect(attached(Object.create(target), KEY)).toBeUndefined();
  });

  it('marks stubs on the stub itself: a copy of a stub is a plain value', () => {
    const stub = SpaceResource.stub({ id: 's1' }, { title: 'Known' } as never);
    expect(isStub(stub)).toBe(true);
    expect(knows(stub, 'title')).toBe(true);
    expect(knows(stub, 'visibility')).toBe(false);
    expect(Object.keys(stub).sort()).toEqual(['id', 'title']);
    const copy = { ...stub };
    expect(isStub(copy)).toBe(false);
    expect(knows(copy, 'title')).toBe(false);
    expect(isStub(null)).toBe(false);
    expect(isStub('s1')).toBe(false);
  });
});
