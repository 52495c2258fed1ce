import { GraphQLError } from 'graphql';
import { codeForStatus, UpstreamError } from '../upstream/errors.ts';

/** A refusal of a new subscription (a limit reached). */
export const limitError = (message: string) =>
  new GraphQLError(message, { extensions: { code: 'SUBSCRIPTION_LIMIT' } });

/** The end of a subscription whose token's budget cannot pay for the next upstream read. */
export const throttledError = () =>
  new GraphQLError(
    'Rate limit: the budget of this token cannot pay for the upstream reads of this subscription; subscribe again once it refills.',
    { extensions: { code: 'THROTTLED' } },
  );

export const isThrottled = (error: unknown) =>
  error instanceof GraphQLError && error.extensions.code === 'THROTTLED';

/**
 * Statuses by which the upstream says a token may no longer read a watched object: its token
 * was revoked (401), its access withdrawn (403), or the object is gone for it (404, 410: a
 * removed membership hides the object, as a deletion does).
 */
const REFUSED = new Set([401, 403, 404, 410]);

/**
 * The error that ends a subscription whose token the upstream refused (`UNAUTHENTICATED`,
 * `FORBIDDEN` or `NOT_FOUND`, by the one status mapping); undefined for any other failure (a
 * timeout, a 5xx), after which the subscription stays open and the next change tries again.
 */
export function refusalOf(error: unknown): UpstreamError | undefined {
  if (!(error instanceof UpstreamError) || error.status === undefined) return undefined;
  if (!REFUSED.has(error.status)) return undefined;
  return error.code === codeForStatus(error.status)
    ? error
    : new UpstreamError(error.message, codeForStatus(error.status), error.status);
}

/** What a subscription counts against: its quota key (credential or address) and connection. */
export interface Counted {
  quota: string;
  connection: object;
}

/** The subscription limits of one replica: in total, per quota key and per connection. */
export class Quotas {
  private readonly perKey = new Map<string, number>();
  private readonly perConnection = new WeakMap<object, number>();
  total = 0;

  constructor(
    private readonly limits: { maxTotal: number; maxPerToken: number; maxPerConnection: number },
  ) {}

  /** Throws `SUBSCRIPTION_LIMIT` when one more subscription of `counted` is over a limit. */
  check(counted: Counted): void {
    const { maxTotal, maxPerToken, maxPerConnection } = this.limits;
    if (this.total >= maxTotal) throw limitError(`at most ${maxTotal} subscriptions are open`);
    if ((this.perKey.get(counted.quota) ?? 0) >= maxPerToken) {
      throw limitError(
        counted.quota.startsWith(ADDRESS_QUOTA)
          ? `at most ${maxPerToken} subscriptions per client address without a token`
          : `at most ${maxPerToken} subscriptions per token`,
      );
    }
    if ((this.perConnection.get(counted.connection) ?? 0) >= maxPerConnection) {
      throw limitError(`at most ${maxPerConnection} subscriptions per connection`);
    }
  }

  /** Counts a subscription of `counted` opened (`delta` 1) or ended (-1). */
  count(counted: Counted, delta: number): void {
    this.total += delta;
    const n = (this.perKey.get(counted.quota) ?? 0) + delta;
    if (n > 0) this.perKey.set(counted.quota, n);
    else this.perKey.delete(counted.quota);
    const c = counted.connection;
    this.perConnection.set(c, (this.perConnection.get(c) ?? 0) + delta);
  }
}

/** The prefix of the quota keys of callers without a token (one key per client address). */
export const ADDRESS_QUOTA = 'address:';
