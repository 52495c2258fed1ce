import {
  hasErrorCode,
  subscriptionLimitError,
  subscriptionThrottledError,
} from '../errorCatalog.ts';
import { codeForStatus, UpstreamError } from '../upstream/errors.ts';

/** Whether `error` ends a subscription for its token's budget. */
export const isThrottled = (error: unknown) => hasErrorCode(error, 'THROTTLED');

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
    if (this.total >= maxTotal)
      throw subscriptionLimitError(`at most ${maxTotal} subscriptions are open`);
    if ((this.perKey.get(counted.quota) ?? 0) >= maxPerToken) {
      throw subscriptionLimitError(
        counted.quota.startsWith(ADDRESS_QUOTA)
          ? `at most ${maxPerToken} subscriptions per client address without a token`
          : `at most ${maxPerToken} subscriptions per token`,
      );
    }
    if ((this.perConnection.get(counted.connection) ?? 0) >= maxPerConnection) {
      throw subscriptionLimitError(`at most ${maxPerConnection} subscriptions per connection`);
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

/** The quota key of a subscriber: its credential's key, or its client address without one. */
export function quotaKey(credential: string | undefined, address: string | undefined): string {
  return credential ?? `${ADDRESS_QUOTA}${address ?? 'unknown'}`;
}

/** Charges `calls` to the budget of `request`'s token; rejects with `THROTTLED` when it cannot. */
export async function paid(
  request: { charge?: (calls: number) => Promise<boolean> },
  calls: number,
): Promise<void> {
  let ok = true;
  try {
    ok = (await request.charge?.(calls)) ?? true;
  } catch {
    // The budget's store is unreachable: the read is made, as a query would be served.
  }
  if (!ok) throw subscriptionThrottledError();
}
