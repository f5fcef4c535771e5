// Password hashing off the event loop: argon2id (hash-wasm) in worker threads. One check costs
// hundreds of milliseconds of CPU; on the main thread a burst of sign-ins froze every other
// request. The pool keeps a bounded queue: a sign-in that would wait behind too many others is
// refused at once (PasswordPoolBusyError → 503), so a burst cannot pile up work without end.
// Hashing for staff accounts, the seed and the CLI waits its turn without the bound.
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

/** OWASP's minimum argon2id profile: cheap enough for a 2-core box, costly for an attacker. */
export const ARGON2_COST = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

/**
 * After each hash a worker rests this share of the time the hash took before the next one: hashing
 * never takes more than about half a core, so during a burst of sign-ins the database and the
 * requests keep the rest (the public pages stay fast; the bench measures it).
 */
export const REST_RATIO = 1;

/** Sign-in checks waiting (not running) beyond this per worker are refused. */
export const QUEUED_CHECKS_PER_WORKER = 8;

export class PasswordPoolBusyError extends Error {
  constructor() {
    super("Per daug prisijungimų vienu metu");
    this.name = "PasswordPoolBusyError";
  }
}

type Task = { op: "hash"; password: string; salt: Uint8Array } | { op: "verify"; password: string; hash: string };

interface Pending {
  task: Task;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
  bounded: boolean;
}

// Plain JavaScript run by each worker (eval: no separate file for the compiled server to ship);
// hash-wasm is loaded from the path the main thread resolved.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const library = Promise.resolve(require(workerData.hashWasm));
parentPort.on("message", async (message) => {
  try {
    const { argon2id, argon2Verify } = await library;
    const result =
      message.op === "hash"
        ? await argon2id({ password: message.password, salt: message.salt, ...workerData.cost, outputType: "encoded" })
        : await argon2Verify({ password: message.password, hash: message.hash });
    parentPort.postMessage({ ok: true, result });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String((error && error.message) || error) });
  }
});
`;

class PoolWorker {
  private worker: Worker | null = null;
  current: Pending | null = null;
  resting = false;
  private startedAt = 0;

  constructor(private readonly onIdle: (self: PoolWorker) => void) {}

  get idle(): boolean {
    return this.current === null && !this.resting;
  }

  run(job: Pending): void {
    this.current = job;
    this.startedAt = performance.now();
    const worker = this.ensure();
    worker.ref();
    worker.postMessage(job.task);
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { hashWasm: createRequire(import.meta.url).resolve("hash-wasm"), cost: ARGON2_COST },
      resourceLimits: { maxOldGenerationSizeMb: 64 },
    });
    worker.on("message", (message: { ok: boolean; result?: string | boolean; message?: string }) => {
      const job = this.current;
      this.current = null;
      worker.unref();
      if (job) {
        if (message.ok) job.resolve(message.result as string | boolean);
        else job.reject(new Error(message.message ?? "Slaptažodžio maišos klaida"));
      }
      this.rest((performance.now() - this.startedAt) * REST_RATIO);
    });
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      const job = this.current;
      this.current = null;
      job?.reject(error);
      this.onIdle(this);
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`Slaptažodžių gija baigėsi (kodas ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private rest(ms: number): void {
    if (ms <= 0) {
      this.onIdle(this);
      return;
    }
    this.resting = true;
    // Not unref'd: a job queued meanwhile must keep a command-line process alive until it runs.
    setTimeout(() => {
      this.resting = false;
      this.onIdle(this);
    }, ms);
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}

export class PasswordPool {
  private readonly workers: PoolWorker[];
  private readonly queue: Pending[] = [];

  constructor(size: number = defaultPoolSize()) {
    this.workers = Array.from({ length: Math.max(1, size) }, () => new PoolWorker((w) => this.next(w)));
  }

  /** Jobs waiting for a worker (not counting the running ones). */
  get queued(): number {
    return this.queue.length;
  }

  hash(password: string, salt: Uint8Array): Promise<string> {
    return this.submit({ op: "hash", password, salt }, false) as Promise<string>;
  }

  /** `bounded`: refuse (PasswordPoolBusyError) instead of queueing behind a full queue. */
  verify(password: string, hash: string, bounded: boolean): Promise<boolean> {
    return this.submit({ op: "verify", password, hash }, bounded) as Promise<boolean>;
  }

  /** Whether a sign-in check would be taken now (a worker free, or room in the bounded queue). */
  get acceptsCheck(): boolean {
    if (this.workers.some((w) => w.idle)) return true;
    return this.queue.filter((j) => j.bounded).length < QUEUED_CHECKS_PER_WORKER * this.workers.length;
  }

  private submit(task: Task, bounded: boolean): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      const job: Pending = { task, resolve, reject, bounded };
      const idle = this.workers.find((w) => w.idle);
      if (idle) return idle.run(job);
      if (bounded && !this.acceptsCheck) return reject(new PasswordPoolBusyError());
      this.queue.push(job);
    });
  }

  private next(worker: PoolWorker): void {
    const job = this.queue.shift();
    if (job) worker.run(job);
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.stop()));
  }
}

/** One worker on a 2-core machine (the other core serves requests), else all cores but one, at most 4. */
export function defaultPoolSize(): number {
  const cores = availableParallelism();
  return cores <= 2 ? 1 : Math.min(4, cores - 1);
}
