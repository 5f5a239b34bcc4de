import { limits } from "@parley/contracts/limits";

export interface AutosaveTimings {
  /** Saved to the server after this long without a change (spec §9: 5000 ms). */
  delayMs: number;
  /** The local copy is written at most this often while typing (spec §9: 1000 ms). */
  throttleMs: number;
}

export const defaultAutosaveTimings: AutosaveTimings = {
  delayMs: limits.timing.autosaveDelayMs,
  throttleMs: limits.timing.draftThrottleMs,
};

export interface AutosaveSteps {
  /** Writes the browser's copy (cheap). */
  saveLocal(): void;
  /** Saves to the server (create or update). */
  saveServer(): Promise<void>;
  onError?(error: unknown): void;
}

export interface Autosave {
  /** The form changed. */
  changed(): void;
  /** Saves now what is pending (local and server). */
  flush(): Promise<void>;
  /** Drops what is pending (the form was posted or the draft discarded). */
  cancel(): void;
}

/**
 * Spec §4's autosave: each change writes the local copy at most once a second (the last change of a
 * burst always gets written), and the server copy once the form has been still for 5 seconds.
 */
export function createAutosave(steps: AutosaveSteps, timings: AutosaveTimings = defaultAutosaveTimings): Autosave {
  let localTimer: ReturnType<typeof setTimeout> | null = null;
  let serverTimer: ReturnType<typeof setTimeout> | null = null;
  let lastLocal = 0;
  let saving: Promise<void> = Promise.resolve();

  const writeLocal = () => {
    localTimer = null;
    lastLocal = Date.now();
    steps.saveLocal();
  };
  const writeServer = () => {
    serverTimer = null;
    saving = saving.then(() => steps.saveServer()).catch((error: unknown) => steps.onError?.(error));
    return saving;
  };

  return {
    changed() {
      if (!localTimer) {
        const wait = Math.max(0, lastLocal + timings.throttleMs - Date.now());
        // Never synchronously: the form's fields update after the event that told us.
        localTimer = setTimeout(writeLocal, Math.max(wait, 50));
      }
      if (serverTimer) clearTimeout(serverTimer);
      serverTimer = setTimeout(() => void writeServer(), timings.delayMs);
    },
    async flush() {
      if (localTimer) {
        clearTimeout(localTimer);
        writeLocal();
      }
      if (serverTimer) {
        clearTimeout(serverTimer);
        await writeServer();
      } else await saving;
    },
    cancel() {
      if (localTimer) clearTimeout(localTimer);
      if (serverTimer) clearTimeout(serverTimer);
      localTimer = serverTimer = null;
    },
  };
}
