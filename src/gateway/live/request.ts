import type { LiveStore } from './store.ts';

/** What one subscription needs of its request. */
export interface LiveRequest {
  /** The caller's credential as sent upstream (normalized), none for an anonymous caller. */
  authorization: string | undefined;
  /** The key of the credential (empty without one): reads and views are shared under it. */
  token: string;
  /**
   * The key subscriptions are counted under (`--live-max-per-token`): the credential's key, or
   * the client's address for a caller without a token.
   */
  quota: string;
  /** The client connection (subscriptions per connection are bounded). */
  connection: object;
  /** The `Last-Event-ID` the client resumes from. */
  lastEventId: string | undefined;
  /** Set before each event is handed to execution: the id its SSE message carries. */
  eventId?: string;
  /**
   * Takes `calls` upstream calls from the budget of the request's token (set by the rate limit;
   * absent when none applies): false when the budget has too few, and nothing was taken.
   */
  charge?: (calls: number) => Promise<boolean>;
}

/** What a subscriber needs of the hub it watches through (the hub implements it). */
export interface SubscriberHost {
  /** The latest change this replica has seen. */
  readonly seq: number;
  readonly store: LiveStore;
  readonly options: { readonly bufferMs: number };
  /** The answer of `read` under a token, made once per token and change on this replica. */
  readAs(token: string, request: LiveRequest, read: string, seq: number): Promise<unknown>;
  counted(): { event(): void } | undefined;
  /** Forgets a subscriber that ended. */
  leave(subscriber: object): void;
}
