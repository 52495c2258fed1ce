import { credentialOf } from '../credential.ts';

/** A refused connection: the limit it met, in words. */
export class ConnectionRefused extends Error {}

/** One key per credential, however its header is spelled; callers without one share a key. */
const tokenKey = (authorization: string | undefined) => credentialOf(authorization)?.key ?? '';

/**
 * Long-lived connections that carry subscriptions for one token (graphql-ws sockets, graphql-sse
 * single-connection streams), bounded per token and in total by the live limits: a token cannot
 * hold more subscriptions than `maxPerToken`, so more connections than that would only hold
 * sockets. Each connection carries at most `maxPerConnection` operations at once (the live hub
 * counts its subscriptions by the same connection).
 */
export class Connections {
  private readonly perToken = new Map<string, number>();
  private total = 0;

  constructor(private readonly limits: () => { maxPerToken: number; maxTotal: number }) {}

  /** Connections open now. */
  get size(): number {
    return this.total;
  }

  /**
   * Counts a new connection of `authorization`'s token; returns its release (idempotent).
   * Throws `ConnectionRefused` at a limit.
   */
  open(authorization: string | undefined): () => void {
    const { maxPerToken, maxTotal } = this.limits();
    const key = tokenKey(authorization);
    if (this.total >= maxTotal) {
      throw new ConnectionRefused(`at most ${maxTotal} subscription connections are open`);
    }
    const held = this.perToken.get(key) ?? 0;
    if (held >= maxPerToken) {
      throw new ConnectionRefused(`at most ${maxPerToken} subscription connections per token`);
    }
    this.perToken.set(key, held + 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.perToken.get(key) ?? 1) - 1;
      if (left === 0) this.perToken.delete(key);
      else this.perToken.set(key, left);
    };
  }
}
