import type { GraphQLError } from 'graphql';
import { LRUCache } from 'lru-cache';
import { credentialOf } from '../credential.ts';
import { throttledError } from '../errorCatalog.ts';
import { addressKey, type BucketState, type RateLimiter } from './rateLimit.ts';

/** Credentials the upstream has accepted, remembered this long (then checked again). */
const PROVEN_MS = 10 * 60_000;
/** Most accepted credentials remembered per process. */
const PROVEN_MAX = 50_000;

/** Who pays for an operation: its credential's bucket, or its address's without one. */
export interface Payer {
  /** The `Authorization` header as sent (normalized here). */
  authorization: string | undefined;
  /** The client's address (the TCP peer's). */
  address: string | undefined;
}

/** What was taken for one operation, settled once its calls are made. */
export interface Charge {
  key: string;
  taken: number;
  state: BucketState;
  /** The credential's key, when the operation sent one. */
  credential?: string;
  /** The bucket of the address of an operation with a credential (charged if it is refused). */
  address?: string;
}

/**
 * The budgets operations are charged to. Before execution the estimate is taken from the
 * caller's bucket (keyed by its normalized credential, or its address without one); after it,
 * the calls actually made are what is charged: unspent calls are given back, calls past the
 * estimate taken. The calls of an operation whose credential the upstream refused (401) are
 * charged to its address's bucket too, and a credential the upstream has not yet accepted is
 * admitted only while that bucket holds its estimate: made-up tokens spend their sender's
 * address budget, and a valid token is never charged twice for its calls.
 */
export class CallBudgets {
  private readonly proven = new LRUCache<string, true>({ max: PROVEN_MAX, ttl: PROVEN_MS });

  constructor(readonly limiter: RateLimiter) {}

  /** The bucket key an operation of `payer` is charged to. */
  keyOf(payer: Payer): string {
    const credential = credentialOf(payer.authorization);
    return credential ? `token:${credential.key}` : addressKey(payer.address);
  }

  /**
   * Takes `calls` from the payer's budget (a credential not yet accepted by the upstream also
   * needs them in its address's budget, not taken): a charge to settle, or THROTTLED with
   * nothing taken.
   */
  async admit(
    payer: Payer,
    calls: number,
  ): Promise<{ charge: Charge } | { refused: GraphQLError; state: BucketState }> {
    const credential = credentialOf(payer.authorization)?.key;
    const key = this.keyOf(payer);
    if (credential && !this.proven.has(credential)) {
      const address = await this.limiter.peek(addressKey(payer.address), calls);
      if (!address.ok)
        return { refused: throttledError(address.retryAfter, calls), state: address.state };
    }
    const take = await this.limiter.take(key, calls);
    if (!take.ok) return { refused: throttledError(take.retryAfter, calls), state: take.state };
    const charge: Charge = { key, taken: calls, state: take.state };
    if (credential) {
      charge.credential = credential;
      charge.address = addressKey(payer.address);
    }
    return { charge };
  }

  /**
   * Settles a charge once `made` calls were made (`unauthorized`: the upstream answered 401 to
   * the credential): the payer's bucket then holds exactly those calls, and a refused
   * credential's address pays them too (with `elsewhere`: calls charged to the credential by
   * others, a subscription's reads by the live hub). Resolves to the payer's bucket.
   */
  settle(
    charge: Charge,
    made: number,
    unauthorized: boolean,
    elsewhere = 0,
  ): BucketState | Promise<BucketState> {
    // The common case, an accepted credential that spent its estimate, moves no bucket.
    if (!unauthorized && made === charge.taken) {
      void this.refused(charge.credential, charge.address, made + elsewhere, false);
      return charge.state;
    }
    return Promise.all([
      made === charge.taken ? charge.state : this.adjust(charge.key, charge.taken, made),
      this.refused(charge.credential, charge.address, made + elsewhere, unauthorized),
    ]).then(([state]) => {
      charge.taken = made;
      charge.state = state;
      return state;
    });
  }

  /** Charges `made` calls of a run without a charge of its own (one event of a subscription). */
  async charge(payer: Payer, made: number, unauthorized: boolean): Promise<boolean> {
    const charged = made > 0 ? await this.limiter.charge(this.keyOf(payer), made) : { ok: true };
    const credential = credentialOf(payer.authorization)?.key;
    await this.refused(credential, addressKey(payer.address), made, unauthorized);
    return charged.ok;
  }

  /** Charges a refused credential's calls to its address; remembers an accepted one. */
  private async refused(
    credential: string | undefined,
    address: string | undefined,
    made: number,
    unauthorized: boolean,
  ): Promise<void> {
    if (!credential || !address) return;
    if (!unauthorized) {
      // Accepted only once the upstream answered it: no call made proves nothing.
      if (made > 0) this.proven.set(credential, true);
      return;
    }
    this.proven.delete(credential);
    if (made > 0) await this.limiter.charge(address, made);
  }

  /** Brings a bucket from `taken` to `made` calls: gives back the rest, or takes the overage. */
  private async adjust(key: string, taken: number, made: number): Promise<BucketState> {
    if (made < taken) return this.limiter.giveBack(key, taken - made);
    return (await this.limiter.charge(key, made - taken)).state;
  }
}
