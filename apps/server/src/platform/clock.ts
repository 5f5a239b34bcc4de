/**
 * What time it is, for everything whose behaviour depends on it: edit windows, flood control, scheduled
 * drafts and jobs, expiries of sessions, tokens and payloads, the stored dates that order records. The
 * app reads it from `platform.clock`; tests give the app a test clock and move it instead of sleeping.
 * Durations measured for their own sake (a batch's time budget, a log line's elapsed time) and caches'
 * lifetimes keep the machine's time.
 */
export interface Clock {
  now(): Date;
  nowMs(): number;
  /** Now, as stored (ISO 8601 UTC, `2025-09-11T13:30:07.123Z`). */
  nowIso(): string;
  /** Calls `run` once the clock reaches `delayMs` from now; never keeps the process alive. */
  setTimer(run: () => void, delayMs: number): Timer;
}

export interface Timer {
  cancel(): void;
}

/**
 * A clock that runs with the machine's and that a test moves forward (never back: stored dates order
 * records). Moving it runs the timers it passes, in order, before `advance` returns.
 */
export interface TestClock extends Clock {
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
  /** Moves the clock forward to `date` (it keeps running from there). */
  set(date: Date | string): void;
}

function machineTimer(run: () => void, delayMs: number): Timer {
  const timer = setTimeout(run, delayMs);
  timer.unref();
  return { cancel: () => clearTimeout(timer) };
}

// Date.now and setTimeout are looked up at each call, so fake timers (vi.useFakeTimers) drive this clock too.
export const systemClock: Clock = {
  now: () => new Date(),
  nowMs: () => Date.now(),
  nowIso: () => new Date().toISOString(),
  setTimer: machineTimer,
};

interface PendingTimer {
  at: number;
  run: () => void;
  /** The machine's timer, for when the time comes without a test moving the clock. */
  machine?: Timer;
}

export function createTestClock(): TestClock {
  let offsetMs = 0;
  const nowMs = () => Date.now() + offsetMs;
  const pending = new Set<PendingTimer>();
  const fire = (timer: PendingTimer) => {
    if (!pending.delete(timer)) return;
    timer.machine?.cancel();
    timer.run();
  };
  const forward = (ms: number) => {
    if (!(ms >= 0)) throw new Error(`A test clock only moves forward (asked to move ${ms} ms).`);
    offsetMs += ms;
    for (;;) {
      const due = [...pending].filter((timer) => timer.at <= nowMs()).sort((a, b) => a.at - b.at)[0];
      if (!due) return;
      fire(due);
    }
  };
  return {
    now: () => new Date(nowMs()),
    nowMs,
    nowIso: () => new Date(nowMs()).toISOString(),
    setTimer(run, delayMs) {
      const timer: PendingTimer = { at: nowMs() + Math.max(0, delayMs), run };
      pending.add(timer);
      timer.machine = machineTimer(() => fire(timer), Math.max(0, delayMs));
      return {
        cancel: () => {
          pending.delete(timer);
          timer.machine?.cancel();
        },
      };
    },
    advance: forward,
    set: (date) => forward(new Date(date).getTime() - nowMs()),
  };
}
