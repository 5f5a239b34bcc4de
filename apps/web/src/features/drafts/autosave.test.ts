import { afterEach, describe, expect, it, vi } from "vitest";
import { createAutosave } from "./autosave.ts";

describe("autosave", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes the local copy at most once a second and the server copy after 5 s without change", async () => {
    vi.useFakeTimers();
    const saveLocal = vi.fn();
    const saveServer = vi.fn(async () => undefined);
    const autosave = createAutosave({ saveLocal, saveServer });
    // Typing for 3 seconds, a key every 100 ms.
    for (let i = 0; i < 30; i++) {
      autosave.changed();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(saveLocal.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(saveLocal.mock.calls.length).toBeLessThanOrEqual(4);
    expect(saveServer).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(4800);
    expect(saveServer).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(300);
    expect(saveServer).toHaveBeenCalledTimes(1);
    // The last change of the burst reached the local copy too.
    const lastLocalCall = saveLocal.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(saveLocal).toHaveBeenCalledTimes(lastLocalCall);
  });

  it("flushes pending saves at once, and cancel drops them", async () => {
    vi.useFakeTimers();
    const saveLocal = vi.fn();
    const saveServer = vi.fn(async () => undefined);
    const autosave = createAutosave({ saveLocal, saveServer });
    autosave.changed();
    await autosave.flush();
    expect(saveLocal).toHaveBeenCalledTimes(1);
    expect(saveServer).toHaveBeenCalledTimes(1);
    autosave.changed();
    autosave.cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(saveLocal).toHaveBeenCalledTimes(1);
    expect(saveServer).toHaveBeenCalledTimes(1);
  });

  it("reports a failed server save and keeps going", async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let fail = true;
    const saveServer = vi.fn(async () => {
      if (fail) throw new Error("offline");
    });
    const autosave = createAutosave({ saveLocal: () => undefined, saveServer, onError: (e) => errors.push(e) });
    autosave.changed();
    await vi.advanceTimersByTimeAsync(5100);
    expect(errors).toHaveLength(1);
    fail = false;
    autosave.changed();
    await vi.advanceTimersByTimeAsync(5100);
    expect(saveServer).toHaveBeenCalledTimes(2);
    expect(errors).toHaveLength(1);
  });
});
