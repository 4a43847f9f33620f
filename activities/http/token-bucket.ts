/** Time as the vendor clients see it; tests pass a fake one. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface TokenBucketOptions {
  /** Requests allowed in a burst. */
  capacity: number;
  /** Sustained requests per second. */
  refillPerSecond: number;
}

/**
 * A client-side request budget kept under a vendor's per-tenant rate limit, so a busy hour of calls slows
 * down a little instead of collecting 429s. Callers queue in arrival order.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: TokenBucketOptions,
    private readonly clock: Clock = systemClock,
  ) {
    if (!(options.capacity >= 1) || !(options.refillPerSecond > 0)) throw new Error('A token bucket needs capacity >= 1 and a positive refill rate');
    this.tokens = options.capacity;
    this.updatedAt = clock.now();
  }

  /** Resolves when a request may be sent. */
  take(): Promise<void> {
    const turn = this.queue.then(() => this.waitForToken());
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private refill(): void {
    const now = this.clock.now();
    const elapsed = Math.max(0, now - this.updatedAt) / 1000;
    this.tokens = Math.min(this.options.capacity, this.tokens + elapsed * this.options.refillPerSecond);
    this.updatedAt = now;
  }

  private async waitForToken(): Promise<void> {
    this.refill();
    while (this.tokens < 1) {
      await this.clock.sleep(Math.ceil(((1 - this.tokens) / this.options.refillPerSecond) * 1000));
      this.refill();
    }
    this.tokens -= 1;
  }
}
