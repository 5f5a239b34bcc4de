import { systemClock, type Clock, type Timer } from "../clock.ts";

/**
 * Scheduled work behind one small interface. Each process runs its jobs on an in-process timer; a job
 * that may run in several processes at once (PostgreSQL behind a load balancer) claims its work in the
 * database first (`FOR UPDATE SKIP LOCKED` on PostgreSQL, one atomic UPDATE on SQLite, whose writers are
 * serialised), so each piece of work is done by one process only. Work waiting in the database
 * survives a restart: the next start's first run picks it up. Timers run on the platform's clock, so a
 * test that moves its clock past a job's time runs the job.
 */
interface JobOptions {
  /** How often the job runs while the app runs. */
  everyMs: number;
}

export interface Jobs {
  /** Registers a job; its timer starts with `start()` (or at once if already started). */
  register(name: string, run: () => Promise<void>, options: JobOptions): void;
  /** Also runs the job at this time when that is sooner than its next tick (a schedule set for soon). */
  wakeAt(name: string, at: Date): void;
  /** Runs the job now (waiting for a run in progress first); resolves when it is done. */
  runNow(name: string): Promise<void>;
  /** Resolves when the job's run in progress, if any, is done (a test that moved the clock past its timer). */
  settled(name: string): Promise<void>;
  /** The jobs with a run in progress in this process (`/metrics`). */
  running(): string[];
  /** Starts every registered job's timer, with a first run right away. */
  start(): void;
  /** Stops the timers and waits for runs in progress (an app's close: tests never leak timers). */
  close(): Promise<void>;
}

interface Job {
  run: () => Promise<void>;
  everyMs: number;
  timer: Timer | null;
  wake: Timer | null;
  running: Promise<void> | null;
  /** Another run was asked for while one was running. */
  again: boolean;
}

/** setTimeout's longest delay (about 24.8 days). */
const maxDelayMs = 2 ** 31 - 1;

export function createJobs(onError: (error: unknown, name: string) => void, clock: Clock = systemClock): Jobs {
  const jobs = new Map<string, Job>();
  let started = false;
  let closed = false;

  function execute(name: string, job: Job): Promise<void> {
    if (job.running) {
      job.again = true;
      return job.running;
    }
    job.running = (async () => {
      do {
        job.again = false;
        try {
          await job.run();
        } catch (error) {
          onError(error, name);
        }
      } while (job.again && !closed);
    })().finally(() => {
      job.running = null;
    });
    return job.running;
  }

  function schedule(name: string, job: Job, delayMs: number): void {
    if (closed) return;
    job.timer?.cancel();
    job.timer = clock.setTimer(
      () => {
        job.timer = null;
        void execute(name, job).then(() => schedule(name, job, job.everyMs));
      },
      Math.min(Math.max(0, delayMs), maxDelayMs),
    );
  }

  const get = (name: string) => {
    const job = jobs.get(name);
    if (!job) throw new Error(`No job named "${name}".`);
    return job;
  };

  return {
    register(name, run, options) {
      if (jobs.has(name)) throw new Error(`The job "${name}" is already registered.`);
      const job: Job = { run, everyMs: options.everyMs, timer: null, wake: null, running: null, again: false };
      jobs.set(name, job);
      if (started) schedule(name, job, 0);
    },
    wakeAt(name, at) {
      const job = get(name);
      if (!started || closed) return;
      const delay = at.getTime() - clock.nowMs();
      if (delay >= job.everyMs) return;
      job.wake?.cancel();
      job.wake = clock.setTimer(
        () => {
          job.wake = null;
          void execute(name, job);
        },
        Math.max(0, delay) + 20,
      );
    },
    async runNow(name) {
      const job = get(name);
      if (job.running) await job.running;
      await execute(name, job);
    },
    async settled(name) {
      await get(name).running;
    },
    running() {
      return [...jobs].flatMap(([name, job]) => (job.running ? [name] : []));
    },
    start() {
      if (started || closed) return;
      started = true;
      for (const [name, job] of jobs) schedule(name, job, 0);
    },
    async close() {
      closed = true;
      for (const job of jobs.values()) {
        job.timer?.cancel();
        job.wake?.cancel();
        job.timer = job.wake = null;
      }
      await Promise.all([...jobs.values()].flatMap((job) => (job.running ? [job.running] : [])));
    },
  };
}
