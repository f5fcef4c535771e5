// Admin list reads of many rows (a timeline's month of reservations, the whole fleet) hold their
// rows, the records and the JSON text at once: ten staff screens opened together would hold ten
// of each. PGlite answers one query at a time anyway, so running more of them at once gains no
// speed and only multiplies the memory; the others wait their turn, in the order they came.

/** A list asking for more rows than this is a heavy read. */
export const HEAVY_LIST_ROWS = 500;
/** How many heavy reads run at once. */
export const HEAVY_READS_AT_ONCE = 2;

export interface TurnTaker {
  /** runs `work` when a turn is free, the others queued in arrival order */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** how many wait now (for tests) */
  readonly waiting: number;
}

export function turnTaker(atOnce: number): TurnTaker {
  let running = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < atOnce) running += 1;
      // The turn is handed over by release(): `running` stays counted for the next in line.
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    },
    get waiting() {
      return queue.length;
    },
  };
}
