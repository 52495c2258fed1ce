/** Work that runs after a response was sent (OpenAPI processing, translation runs). */
export class JobQueue {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly onError: (name: string, error: unknown) => void = () => {}) {}

  /** Starts `work` on the next turn of the event loop; failures go to `onError`, never up. */
  run(name: string, work: () => Promise<void>): void {
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.onError(name, error))
      .finally(() => {
        this.running.delete(job);
      });
    this.running.add(job);
  }

  /** Resolves once no job is running, including jobs started by jobs. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
