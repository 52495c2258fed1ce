import { randomBytes } from 'node:crypto';
import { subscriptionLimitError } from '../errorCatalog.ts';
import type { Upstream } from '../upstream/client.ts';
import type { RestSession } from '../upstream/rest.ts';
import { paid, Quotas, refusalOf } from './limits.ts';
import { DEFAULT_LIVE, LEASE_INTERVALS, type LiveOptions } from './options.ts';
import type { LiveRequest } from './request.ts';
import type { Change, LiveStore } from './store.ts';
import { Subscriber } from './subscriber.ts';
import { concerns, fingerprint, type Topic } from './topic.ts';

/** What a hub counts (`/metrics` shows them; tests read them). */
export interface LiveCounters {
  /** Open subscriptions changed by `delta`. */
  open(delta: number): void;
  event(): void;
  /** A poll answered `status` (0: no answer). */
  poll(status: number): void;
}

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
export type { LiveRequest } from './request.ts';

export class LiveHub {
  readonly owner = randomBytes(8).toString('hex');
  readonly options: LiveOptions;
  private readonly watches = new Map<string, Watch>();
  private readonly reads = new Map<string, Promise<unknown>>();
  private readonly quotas: Quotas;
  private latest = 0;
  private closed = false;

  constructor(
    private readonly client: Upstream,
    readonly store: LiveStore,
    options: Partial<LiveOptions> = {},
    private readonly counters?: LiveCounters,
  ) {
    this.options = { ...DEFAULT_LIVE, ...options };
    this.quotas = new Quotas(this.options);
    store.onChange((change) => this.dispatch(change));
    void store.ready().catch(() => {});
  }

  /** Resolves once changes published by other replicas reach this one. */
  ready(): Promise<void> {
    return this.store.ready();
  }

  /** Open subscriptions on this replica. */
  get size(): number {
    return this.quotas.total;
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
    if (this.closed) throw subscriptionLimitError('the server is shutting down');
    this.quotas.check(request);
    const subscriber = new Subscriber<E>(this, topic, request, rest);
    this.count(request, 1);
    try {
      await subscriber.start();
    } catch (error) {
      this.count(request, -1);
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
    this.count(subscriber.request, -1);
    const watch = this.watches.get(subscriber.topic.key);
    if (!watch?.subscribers.delete(subscriber) || watch.subscribers.size > 0) return;
    clearInterval(watch.timer);
    this.watches.delete(watch.key);
    if (watch.holding) void this.store.release(watch.key, this.owner).catch(() => {});
  }

  private count(request: LiveRequest, delta: number) {
    this.quotas.count(request, delta);
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

  /**
   * One conditional poll of a watched key, under the token of one of its subscribers here. A
   * token the upstream refuses (401, 403, 404) or whose budget cannot pay ends its subscriptions
   * here, and the poll is made at once under another subscriber's token.
   */
  private async poll(watch: Watch, state: PollState | undefined) {
    const keep = Math.max(this.options.bufferMs, this.options.pollIntervalMs * 4);
    const tags = { ...state?.tags };
    const refused = new Set<string>();
    let changed = false;
    for (;;) {
      const subscriber = [...watch.subscribers].find((s) => s.open && !refused.has(s.token));
      if (!subscriber) break;
      const outcome = await this.pollAs(watch, subscriber, tags);
      if (outcome !== 'refused') {
        changed = outcome === 'changed';
        break;
      }
      refused.add(subscriber.token);
    }
    for (const token of refused) delete tags[token];
    await this.store.setTag(watch.key, JSON.stringify({ at: Date.now(), tags }), keep);
    if (changed) {
      const seq = await this.store.nextSeq();
      await this.store.publish({ seq, path: watch.key, source: 'poll' });
    }
  }

  /** Polls `watch` under `subscriber`'s token, keeping the answer's tag in `tags`. */
  private async pollAs(
    watch: Watch,
    subscriber: Subscriber<unknown>,
    tags: Record<string, string>,
  ): Promise<'changed' | 'unchanged' | 'refused'> {
    const { token } = subscriber;
    try {
      await paid(subscriber.request, 1);
    } catch (error) {
      this.end(watch, token, error);
      return 'refused';
    }
    const known = tags[token];
    // A token's first poll sets its tag (its subscribers read their own state when they started),
    // unless polling passes to it from another token: what changed since that token's last poll
    // is then a change, so that none is lost in the handover.
    const handover = known === undefined && Object.keys(tags).some((t) => t !== token);
    let status = 0;
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
      if (status === 304 && !response.revalidated) return 'unchanged';
      const tag = response.etag ?? fingerprint(response.body);
      tags[token] = tag;
      return handover || (known !== undefined && tag !== known) ? 'changed' : 'unchanged';
    } catch (error) {
      status = (error as { status?: number }).status ?? 0;
      const refusal = refusalOf(error);
      if (!refusal) return 'unchanged';
      this.end(watch, token, refusal);
      return 'refused';
    } finally {
      this.counters?.poll(status);
    }
  }

  /** Ends the subscriptions of `token` to `watch` here with `error` as their last event. */
  private end(watch: Watch, token: string, error: unknown) {
    for (const s of watch.subscribers) if (s.token === token) s.fail(error);
  }

  private dispatch(change: Change) {
    if (change.seq > this.latest) this.latest = change.seq;
    for (const watch of this.watches.values()) {
      if (!concerns(change.path, watch.key)) continue;
      for (const subscriber of watch.subscribers) subscriber.push(change.seq);
    }
  }
}
