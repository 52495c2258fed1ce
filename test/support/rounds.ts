import type {
  Upstream,
  UpstreamRequest,
  UpstreamResponse,
} from '../../src/gateway/upstream/client.ts';

/** Event-loop turns without a new request after which the gateway is taken to wait for answers. */
const QUIET_TURNS = 5;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A request as `HeldUpstream` records it: the path of a GET, `METHOD path` of another. */
const keyOf = (req: UpstreamRequest) =>
  req.method === 'GET' ? req.path : `${req.method} ${req.path}`;

/**
 * An upstream that holds every answer of `inner` until `inRounds` releases it: what the gateway
 * asks while nothing it asked has been answered is one round, what it asks once those answers
 * are released is the next. The number of rounds is the dependency depth of an operation (the
 * longest chain of calls where each needs an earlier answer), counted, not timed.
 */
export class HeldUpstream implements Upstream {
  /** Every request, in the order the gateway made them. */
  readonly asked: string[] = [];
  private held: Array<{ key: string; arrived: Promise<unknown>; release: () => void }> = [];

  constructor(private readonly inner: Upstream) {}

  request(req: UpstreamRequest): Promise<UpstreamResponse> {
    const key = keyOf(req);
    this.asked.push(key);
    // The call is made at once; only its answer waits.
    const answer = this.inner.request(req);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.held.push({ key, arrived: answer.catch(() => undefined), release });
    return released.then(() => answer);
  }

  async close(): Promise<void> {
    await this.inner.close();
  }

  /**
   * Runs `operation` (which calls through this upstream), releasing the answers held round by
   * round once every one of them has arrived and the gateway asks nothing more; answers the
   * operation's result and the requests of each round, in the order they were made.
   */
  async inRounds<T>(operation: () => Promise<T>): Promise<{ result: T; rounds: string[][] }> {
    let settled = false;
    const done = operation().finally(() => {
      settled = true;
    });
    const rounds: string[][] = [];
    while (!settled) {
      await this.quiet();
      const round = this.held.splice(0);
      if (round.length > 0) rounds.push(round.map((h) => h.key));
      for (const h of round) h.release();
      if (round.length === 0) await nextTurn();
    }
    return { result: await done, rounds };
  }

  /** Waits until every answer held has arrived and the gateway has asked nothing for a while. */
  private async quiet(): Promise<void> {
    let turns = 0;
    while (turns < QUIET_TURNS) {
      const count = this.asked.length;
      await Promise.all(this.held.map((h) => h.arrived));
      await nextTurn();
      turns = this.asked.length === count ? turns + 1 : 0;
    }
  }
}
