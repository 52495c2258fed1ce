import { createHash, randomBytes } from 'node:crypto';
import { GraphQLError } from 'graphql';
import type { Upstream } from '../upstream/client.ts';
import type { RestSession } from '../upstream/rest.ts';
import type { Change, LiveStore } from './store.ts';
import { concerns, fingerprint, type Topic, type View } from './topic.ts';

/** The limits and timings of live data (the `--live-*` options). */
export interface LiveOptions {
  /** Between two polls of a watched object, across replicas. */
  pollIntervalMs: number;
  maxPerToken: number;
  maxPerConnection: number;
  maxTotal: number;
  /** How long what a token was sent is held for a reconnect (`Last-Event-ID`). */
  bufferMs: number;
  /** Between two heartbeat comments of an event stream. */
  heartbeatMs: number;
}

export const DEFAULT_LIVE: LiveOptions = {
  pollIntervalMs: 5_000,
  maxPerToken: 50,
  maxPerConnection: 10,
  maxTotal: 10_000,
  bufferMs: 300_000,
  heartbeatMs: 15_000,
};

/**
 * A lease lasts this many poll intervals and is renewed every half interval, so a replica that
 * dies holding it (and never gives it back) loses it within 1.5 intervals; the others try every
 * half interval, so one of them polls within two intervals of the death.
 */
export const LEASE_INTERVALS = 1.5;

/** What a hub counts (`/metrics` shows them; tests read them). */
export interface LiveCounters {
  /** Open subscriptions changed by `delta`. */
  open(delta: number): void;
  event(): void;
  /** A poll answered `status` (0: no answer). */
  poll(status: number): void;
}

/** What one subscription needs of its request. */
export interface LiveRequest {
  authorization: string | undefined;
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

/** A refusal of a new subscription (a limit reached). */
const limitError = (message: string) =>
  new GraphQLError(message, { extensions: { code: 'SUBSCRIPTION_LIMIT' } });

/** The end of a subscription whose token's budget cannot pay for the next upstream read. */
export const throttledError = () =>
  new GraphQLError(
    'Rate limit: the budget of this token cannot pay for the upstream reads of this subscription; subscribe again once it refills.',
    { extensions: { code: 'THROTTLED' } },
  );

const isThrottled = (error: unknown) =>
  error instanceof GraphQLError && error.extensions.code === 'THROTTLED';

const tokenKey = (authorization: string | undefined) =>
  createHash('sha256')
    .update(authorization ?? '')
    .digest('base64url')
    .slice(0, 22);

/** One watched key on this replica: its subscribers, its poll timer and its lease. */
interface Watch {
  key: string;
  read: string;
  subscribers: Set<Subscriber<unknown>>;
  timer: NodeJS.Timeout;
  holding: boolean;
  busy: boolean;
}

/**
 * When a watched object was last polled, and its last ETag per token that polled it (shared by
 * every replica; an answer's tag depends on the token, as its permissions do).
 */
interface PollState {
  at: number;
  tags: Record<string, string>;
}

/**
 * Live data of one gateway process: subscriptions watch topics; a change reaches them from a
 * mutation of any replica (published at once) or from a poll of the upstream (one replica polls
 * each watched key per interval, holding its lease). Each subscriber checks every change with a
 * read under its own token (shared by the subscribers of that token and change), and is sent an
 * event only when its own view changed.
 */
export class LiveHub {
  readonly owner = randomBytes(8).toString('hex');
  readonly options: LiveOptions;
  private readonly watches = new Map<string, Watch>();
  private readonly reads = new Map<string, Promise<unknown>>();
  private readonly perToken = new Map<string, number>();
  private readonly perConnection = new WeakMap<object, number>();
  private total = 0;
  private latest = 0;
  private closed = false;

  constructor(
    private readonly client: Upstream,
    readonly store: LiveStore,
    options: Partial<LiveOptions> = {},
    private readonly counters?: LiveCounters,
  ) {
    this.options = { ...DEFAULT_LIVE, ...options };
    store.onChange((change) => this.dispatch(change));
    void store.ready().catch(() => {});
  }

  /** Resolves once changes published by other replicas reach this one. */
  ready(): Promise<void> {
    return this.store.ready();
  }

  /** Open subscriptions on this replica. */
  get size(): number {
    return this.total;
  }

  /** A write through this replica: every replica's subscribers of what it concerns check it. */
  async changed(path: string): Promise<void> {
    if (this.closed) return;
    try {
      const seq = await this.store.nextSeq();
      await this.store.publish({ seq, path, source: 'mutation' });
    } catch {
      // Redis is down: the next poll finds the change.
    }
  }

  /** Opens a subscription to `topic` for the request `request`, reading in `rest`. */
  async subscribe<E>(
    topic: Topic<E>,
    request: LiveRequest,
    rest: RestSession,
  ): Promise<AsyncIterableIterator<E>> {
    if (this.closed) throw limitError('the server is shutting down');
    const token = tokenKey(request.authorization);
    const { maxTotal, maxPerToken, maxPerConnection } = this.options;
    if (this.total >= maxTotal) throw limitError(`at most ${maxTotal} subscriptions are open`);
    if ((this.perToken.get(token) ?? 0) >= maxPerToken) {
      throw limitError(`at most ${maxPerToken} subscriptions per token`);
    }
    if ((this.perConnection.get(request.connection) ?? 0) >= maxPerConnection) {
      throw limitError(`at most ${maxPerConnection} subscriptions per connection`);
    }
    const subscriber = new Subscriber<E>(this, topic, request, rest, token);
    this.count(subscriber, 1);
    try {
      await subscriber.start();
    } catch (error) {
      this.count(subscriber, -1);
      throw error;
    }
    this.watch(subscriber as Subscriber<unknown>);
    return subscriber;
  }

  /** Ends every subscription, stops polling and gives the leases back. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const watches = [...this.watches.values()];
    for (const watch of watches) for (const s of watch.subscribers) await s.return();
    await this.store.close();
  }

  /**
   * The answer of `read` under a token, made once per token and change on this replica, and
   * charged once to that token's budget (rejected with `THROTTLED` when it cannot pay).
   */
  readAs(token: string, request: LiveRequest, read: string, seq: number) {
    const key = `${token}|${read}|${seq}`;
    let answer = this.reads.get(key);
    if (!answer) {
      answer = paid(request, 1).then(() =>
        this.client
          .request({ method: 'GET', path: read, authorization: request.authorization })
          .then((response) => response.body),
      );
      this.reads.set(key, answer);
      // Kept while the subscribers of the same change take it, then dropped.
      const drop = () => setTimeout(() => this.reads.delete(key), 2_000).unref();
      answer.then(drop, drop);
    }
    return answer;
  }

  /** The latest change this replica has seen (reads before the next change share it). */
  get seq(): number {
    return this.latest;
  }

  counted(): LiveCounters | undefined {
    return this.counters;
  }

  /** Forgets a subscriber that ended. */
  leave(subscriber: Subscriber<unknown>): void {
    this.count(subscriber, -1);
    const watch = this.watches.get(subscriber.topic.key);
    if (!watch?.subscribers.delete(subscriber) || watch.subscribers.size > 0) return;
    clearInterval(watch.timer);
    this.watches.delete(watch.key);
    if (watch.holding) void this.store.release(watch.key, this.owner).catch(() => {});
  }

  private count(subscriber: Subscriber<unknown> | Subscriber<never>, delta: number) {
    const s = subscriber as Subscriber<unknown>;
    this.total += delta;
    this.perToken.set(s.token, (this.perToken.get(s.token) ?? 0) + delta);
    if (this.perToken.get(s.token) === 0) this.perToken.delete(s.token);
    const c = s.request.connection;
    this.perConnection.set(c, (this.perConnection.get(c) ?? 0) + delta);
    this.counters?.open(delta);
  }

  private watch(subscriber: Subscriber<unknown>) {
    const { key, read } = subscriber.topic;
    let watch = this.watches.get(key);
    if (!watch) {
      // Every replica watching the key ticks twice per interval: the lease holder polls (at most
      // once per interval, whoever polled last), the others take the lease when it lapses.
      const timer = setInterval(() => void this.tick(key), this.options.pollIntervalMs / 2);
      timer.unref();
      watch = { key, read, subscribers: new Set(), timer, holding: false, busy: false };
      this.watches.set(key, watch);
      void this.tick(key);
    }
    watch.subscribers.add(subscriber);
  }

  private async tick(key: string) {
    const watch = this.watches.get(key);
    if (!watch || watch.busy || this.closed) return;
    watch.busy = true;
    try {
      const interval = this.options.pollIntervalMs;
      watch.holding = await this.store.lease(
        key,
        this.owner,
        Math.round(interval * LEASE_INTERVALS),
      );
      if (!watch.holding) return;
      const state = await this.pollState(key);
      if (state && Date.now() - state.at < interval * 0.9) return;
      await this.poll(watch, state);
    } catch {
      // Redis or the upstream failed this tick; the next one tries again.
    } finally {
      watch.busy = false;
    }
  }

  private async pollState(key: string): Promise<PollState | undefined> {
    const raw = await this.store.getTag(key);
    if (!raw) return undefined;
    try {
      return JSON.parse(raw) as PollState;
    } catch {
      return undefined;
    }
  }

  /** One conditional poll of a watched key, under the token of one of its subscribers here. */
  private async poll(watch: Watch, state: PollState | undefined) {
    const subscriber = watch.subscribers.values().next().value;
    if (!subscriber) return;
    try {
      await paid(subscriber.request, 1);
    } catch (error) {
      // The polling token is out of budget: its subscriptions here end; another token polls next.
      for (const s of watch.subscribers) if (s.token === subscriber.token) s.fail(error);
      return;
    }
    const keep = Math.max(this.options.bufferMs, this.options.pollIntervalMs * 4);
    const tags = { ...state?.tags };
    const known = tags[subscriber.token];
    let status = 0;
    let changed = false;
    try {
      const response = await this.client.request({
        method: 'GET',
        path: watch.read,
        authorization: subscriber.request.authorization,
        ifNoneMatch: known,
      });
      status = response.status;
      // A first poll (no tag of its own yet) may be revalidated by the client's stored answer:
      // a 304 that brings the body, and the tag to keep.
      if (status !== 304 || response.revalidated) {
        const tag = response.etag ?? fingerprint(response.body);
        // A token's first poll sets its tag: subscribers read their own state when they started.
        changed = known !== undefined && tag !== known;
        tags[subscriber.token] = tag;
      }
    } catch (error) {
      status = (error as { status?: number }).status ?? 0;
    } finally {
      this.counters?.poll(status);
    }
    await this.store.setTag(watch.key, JSON.stringify({ at: Date.now(), tags }), keep);
    if (changed) {
      const seq = await this.store.nextSeq();
      await this.store.publish({ seq, path: watch.key, source: 'poll' });
    }
  }

  private dispatch(change: Change) {
    if (change.seq > this.latest) this.latest = change.seq;
    for (const watch of this.watches.values()) {
      if (!concerns(change.path, watch.key)) continue;
      for (const subscriber of watch.subscribers) subscriber.push(change.seq);
    }
  }
}

/** Charges `calls` to the budget of `request`'s token; rejects with `THROTTLED` when it cannot. */
async function paid(request: LiveRequest, calls: number): Promise<void> {
  let ok = true;
  try {
    ok = (await request.charge?.(calls)) ?? true;
  } catch {
    // The budget's store is unreachable: the read is made, as a query would be served.
  }
  if (!ok) throw throttledError();
}

/** Parses an event id of this store (`<epoch>.<seq>`); undefined for any other. */
function seqOf(id: string | undefined, epoch: string): number | undefined {
  const match = id ? /^([a-z0-9]+)\.(\d{1,15})$/.exec(id.trim()) : null;
  return match && match[1] === epoch ? Number(match[2]) : undefined;
}

/**
 * One subscription: the changes it must check, the view it last sent, and the events ready to
 * hand out. An async iterator whose `return` ends it at once, even while it waits.
 */
class Subscriber<E> implements AsyncIterableIterator<E> {
  private readonly changes: number[] = [];
  private readonly ready: { id: string; event: E | GraphQLError }[] = [];
  private wake: (() => void) | undefined;
  private ended = false;
  /** Set when the subscription ends after the events ready (its last one an error). */
  private ending = false;
  private view: View | undefined;

  constructor(
    private readonly hub: LiveHub,
    readonly topic: Topic<E>,
    readonly request: LiveRequest,
    private readonly rest: RestSession,
    readonly token: string,
  ) {}

  /**
   * Reads the topic under the subscriber's token (an error here fails the subscription: its
   * token cannot read it). Resuming from a held event id, what changed since is sent first.
   */
  async start(): Promise<void> {
    const seq = this.hub.seq;
    const raw = await this.hub.readAs(this.token, this.request, this.topic.read, seq);
    const from = seqOf(this.request.lastEventId, this.hub.store.epoch);
    if (from === undefined) {
      this.view = this.topic.view(raw);
      return;
    }
    const held = await this.hub.store
      .getView(this.token, this.topic.key, from)
      .catch(() => undefined);
    // Beyond the buffer nothing is known of what the client holds: everything is sent again.
    this.view = held ? (JSON.parse(held) as View) : undefined;
    await this.check(raw, Math.max(seq, from));
  }

  push(seq: number): void {
    if (this.ended || this.ending) return;
    this.changes.push(seq);
    this.wake?.();
  }

  async next(): Promise<IteratorResult<E>> {
    while (!this.ended) {
      const ready = this.ready.shift();
      if (ready) {
        this.request.eventId = ready.id;
        this.hub.counted()?.event();
        // An error event is handed on as the event; the field's resolver raises it.
        return { done: false, value: ready.event as E };
      }
      if (this.ending) return this.return();
      const seq = this.changes.shift();
      if (seq === undefined) {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
        this.wake = undefined;
        continue;
      }
      // Changes that queued up meanwhile are covered by one read of the latest.
      const latest = Math.max(seq, ...this.changes.splice(0));
      try {
        const raw = await this.hub.readAs(this.token, this.request, this.topic.read, latest);
        await this.check(raw, latest);
      } catch (error) {
        // Out of budget: an error event, then the end. Otherwise the token cannot read it now
        // (or the upstream failed): nothing is sent.
        if (isThrottled(error)) this.fail(error, latest);
      }
    }
    return { done: true, value: undefined };
  }

  /** Queues the events of `raw` against the view last sent, under the id of change `seq`. */
  private async check(raw: unknown, seq: number): Promise<void> {
    const after = this.topic.view(raw);
    const before = this.view;
    if (before && JSON.stringify(before) === JSON.stringify(after)) return;
    // The subscriber's session answers its fields from this read, under its own token.
    this.rest.clear();
    this.rest.prime(this.topic.read, raw);
    const events = await this.topic.events(this.rest, before, after);
    this.view = after;
    const id = `${this.hub.store.epoch}.${seq}`;
    const { bufferMs } = this.hub.options;
    await this.hub.store
      .setView(this.token, this.topic.key, seq, JSON.stringify(after), bufferMs)
      .catch(() => {});
    for (const event of events) this.ready.push({ id, event });
  }

  /** Ends the subscription with `error` as its last event (after the events already ready). */
  fail(error: unknown, seq = this.hub.seq): void {
    if (this.ended || this.ending) return;
    this.ending = true;
    this.changes.length = 0;
    const event = error instanceof GraphQLError ? error : throttledError();
    this.ready.push({ id: `${this.hub.store.epoch}.${seq}`, event });
    this.wake?.();
  }

  async return(): Promise<IteratorResult<E>> {
    if (!this.ended) {
      this.ended = true;
      this.wake?.();
      this.hub.leave(this as Subscriber<unknown>);
    }
    return { done: true, value: undefined };
  }

  async throw(error: unknown): Promise<IteratorResult<E>> {
    await this.return();
    throw error;
  }

  [Symbol.asyncIterator]() {
    return this;
  }
}
