/**
 * At most `places` holders at once; the others wait their turn, first come first served.
 * `active`, `waiting` and `peak` (the most that ever held a place at once) are there for tests
 * and benchmarks.
 */
export class Semaphore {
  active = 0;
  peak = 0;
  private readonly queue: (() => void)[] = [];

  constructor(readonly places: number) {}

  get waiting(): number {
    return this.queue.length;
  }

  /** Resolves with the function that gives the place back (calling it again does nothing). */
  async acquire(): Promise<() => void> {
    if (this.active < this.places) this.active++;
    // A place given back passes straight to the first in line, so `active` never drops in between.
    else await new Promise<void>((resolve) => this.queue.push(resolve));
    this.peak = Math.max(this.peak, this.active);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    };
  }

  /** Runs `work` in a place. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}
