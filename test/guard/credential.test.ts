// A credential is a credential: every spelling of one token is one key, wherever a key is made.
import { describe, expect, it } from 'vitest';
import { credentialOf } from '../../src/gateway/credential.ts';
import { bucketKey } from '../../src/gateway/guard/rateLimit.ts';
import { cacheScope } from '../../src/gateway/ops/cache.ts';
import { validatorKey } from '../../src/gateway/upstream/validators.ts';

const SPELLINGS = ['Bearer T', 'bearer T', 'BEARER T', 'Bearer  T', '  Bearer T  ', 'Bearer\tT'];

describe('credentialOf', () => {
  it('parses every spelling of one token as one credential', () => {
    const parsed = SPELLINGS.map((s) => credentialOf(s));
    expect(new Set(parsed.map((c) => c?.header))).toEqual(new Set(['Bearer T']));
    expect(new Set(parsed.map((c) => c?.key)).size).toBe(1);
    expect(credentialOf('Bearer secret-token')?.key).not.toContain('secret-token');
  });

  it('tells tokens apart, keeps a value without a scheme, and has none for a blank header', () => {
    expect(credentialOf('Bearer U')?.key).not.toBe(credentialOf('Bearer T')?.key);
    expect(credentialOf('basic dXNlcg==')?.header).toBe('Basic dXNlcg==');
    expect(credentialOf('  tokenonly ')?.header).toBe('tokenonly');
    for (const blank of [undefined, null, '', '   ']) expect(credentialOf(blank)).toBeUndefined();
  });

  it('keys rate-limit buckets, the response cache and stored answers by the credential', () => {
    for (const key of [
      (s: string) => bucketKey(s, '192.0.2.1'),
      (s: string) => cacheScope(s),
      (s: string) => validatorKey(s, '/orgs'),
    ]) {
      expect(new Set(SPELLINGS.map(key)).size).toBe(1);
      expect(key('Bearer U')).not.toBe(key('Bearer T'));
    }
    expect(bucketKey('   ', '192.0.2.1')).toBe('anonymous:192.0.2.1');
    expect(cacheScope('  ')).toBeNull();
  });
});
