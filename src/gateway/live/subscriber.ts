import { GraphQLError } from 'graphql';
import { subscriptionThrottledError } from '../errorCatalog.ts';
import type { RestSession } from '../upstream/rest.ts';
import { isThrottled, refusalOf } from './limits.ts';
import type { LiveRequest, SubscriberHost } from './request.ts';
import type { Topic, View } from './topic.ts';

/** Parses an event id of this store (`<epoch>.<seq>`); undefined for any other. */
function seqOf(id: string | undefined, epoch: string): number | undefined {
  const match = id ? /^([a-z0-9]+)\.(\d{1,15})$/.exec(id.trim()) : null;
  return match && match[1] === epoch ? Number(match[2]) : undefined;
}

/** Where a resumed subscription starts: the view the client holds (undefined: unknown). */
interface Resume {
  view: View | undefined;
  seq: number;
}

/**
 * One subscription: the changes it must check, the view it last sent, and the events ready to
 * hand out. An async iterator whose `return` ends it at once, even while it waits.
 */
export class Subscriber<E> implements AsyncIterableIterator<E> {
  private readonly changes: number[] = [];
  private readonly ready: { id: string; event: E | GraphQLError }[] = [];
  private wake: (() => void) | undefined;
  private ended = false;
  /** Set when the subscription ends after the events ready (its last one an error). */
  private ending = false;
  private view: View | undefined;

  constructor(
    private readonly hub: SubscriberHost,
    readonly topic: Topic<E>,
    readonly request: LiveRequest,
    private readonly rest: RestSession,
  ) {}

  /** The key of the subscriber's credential: its reads and views are shared under it. */
  get token(): string {
    return this.request.token;
  }

  /** False once the subscription ends or is ending (its last event queued). */
  get open(): boolean {
    return !this.ended && !this.ending;
  }

  /**
   * Reads the topic under the subscriber's token (an error here fails the subscription: its
   * token cannot read it). Resuming from an event id, what changed since is sent first.
   */
  async start(): Promise<void> {
    const seq = this.hub.seq;
    const raw = await this.hub.readAs(this.token, this.request, this.topic.read, seq);
    const resume = await this.resume();
    if (!resume) {
      this.view = this.topic.view(raw);
      return;
    }
    this.view = resume.view;
    await this.check(raw, Math.max(seq, resume.seq));
  }

  /**
   * What the client resuming from `Last-Event-ID` holds: the view sent at that id while the
   * buffer keeps it; else the last view its token was sent, when sent at or before that id (the
   * object has not changed for it since); else nothing known (everything is sent again) for an
   * id of this store's sequence older than the buffer. An id this store never gave (another
   * store's, or beyond its sequence) is no resume: the subscription starts from the current state.
   */
  private async resume(): Promise<Resume | undefined> {
    const { store } = this.hub;
    const from = seqOf(this.request.lastEventId, store.epoch);
    if (from === undefined) return undefined;
    const key = this.topic.key;
    const held = await store.getView(this.token, key, from).catch(() => undefined);
    if (held) return { view: JSON.parse(held) as View, seq: from };
    const last = await store.getLast(this.token, key).catch(() => undefined);
    if (last)
      return { view: last.seq <= from ? (JSON.parse(last.view) as View) : undefined, seq: from };
    const current = await store.currentSeq().catch(() => undefined);
    if (current === undefined || from > current) return undefined;
    return { view: undefined, seq: from };
  }

  push(seq: number): void {
    if (!this.open) return;
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
        // Out of budget, or the token refused (revoked, access withdrawn): an error event, then
        // the end. Otherwise the upstream failed this read: nothing is sent, the next change
        // tries again.
        const end = isThrottled(error) ? error : refusalOf(error);
        if (end) this.fail(end, latest);
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
    const view = JSON.stringify(after);
    await Promise.all([
      this.hub.store.setView(this.token, this.topic.key, seq, view, bufferMs),
      this.hub.store.setLast(this.token, this.topic.key, seq, view, bufferMs),
    ]).catch(() => {});
    for (const event of events) this.ready.push({ id, event });
  }

  /** Ends the subscription with `error` as its last event (after the events already ready). */
  fail(error: unknown, seq = this.hub.seq): void {
    if (!this.open) return;
    this.ending = true;
    this.changes.length = 0;
    const event = error instanceof GraphQLError ? error : subscriptionThrottledError();
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
