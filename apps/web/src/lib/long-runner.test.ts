import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api.ts";
import { callbackContentType, runLongRunner, type LongRunnerProgress } from "./long-runner.ts";

const reply = (status: number, body: unknown) =>
  new Response(body === null ? "" : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });

const progress = (successIDs: number[], failedIDs: number[] = [], countTotalIDs = 4) => ({
  successIDs,
  failedIDs,
  exceptionsByID: Object.fromEntries(failedIDs.map((id) => [String(id), { message: "Not found", status: 404 }])),
  countTotalIDs,
});

describe("runLongRunner", () => {
  it("resumes a 408 through POST /calls/run with the payload as application/system+jwt until it is null", async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(reply(408, { progress: progress([1]), callbackPayload: "jwt-one" }))
      .mockResolvedValueOnce(reply(408, { progress: progress([2]), callbackPayload: "jwt-two" }))
      .mockResolvedValueOnce(reply(200, { progress: progress([3, 4]), callbackPayload: null }));
    const seen: LongRunnerProgress[] = [];

    const result = await runLongRunner(
      { method: "PATCH", path: "/discussions/close", body: { discussionIDs: [1, 2, 3, 4], closed: true } },
      { fetch, onProgress: (step) => seen.push(step) },
    );

    expect(result.successIDs).toEqual([1, 2, 3, 4]);
    expect(result.failedIDs).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(3);
    const [firstUrl, first] = fetch.mock.calls[0]!;
    expect(firstUrl).toBe("/api/v2/discussions/close");
    expect(first?.method).toBe("PATCH");
    expect(JSON.parse(first?.body as string)).toEqual({ discussionIDs: [1, 2, 3, 4], closed: true });
    for (const [index, payload] of [
      [1, "jwt-one"],
      [2, "jwt-two"],
    ] as const) {
      const [url, init] = fetch.mock.calls[index]!;
      expect(url).toBe("/api/v2/calls/run");
      expect(init?.method).toBe("POST");
      expect(init?.body).toBe(payload);
      expect((init?.headers as Record<string, string>)["Content-Type"]).toBe(callbackContentType);
      expect((init?.headers as Record<string, string>)["X-Requested-With"]).toBe("vanilla");
    }
    expect(seen.map((step) => step.successIDs.length)).toEqual([1, 2, 4]);
  });

  it("resumes an answer of 400 or above that carries a callbackPayload instead of failing", async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(reply(404, { progress: progress([1], [2]), callbackPayload: "jwt" }))
      .mockResolvedValueOnce(reply(200, { progress: progress([3]), callbackPayload: null }));

    const result = await runLongRunner(
      { method: "DELETE", path: "/discussions/list", body: { discussionIDs: [1] } },
      { fetch },
    );

    expect(fetch).toHaveBeenCalledTimes(2);
    expect(result.successIDs).toEqual([1, 3]);
    expect(result.failedIDs).toEqual([2]);
    expect(result.exceptionsByID["2"]).toEqual({ message: "Not found", status: 404 });
  });

  it("returns the failures of a final answer with progress (status ≥ 400, no payload) rather than throwing", async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(reply(403, { progress: progress([1], [2]), callbackPayload: null }));
    const result = await runLongRunner({ method: "PATCH", path: "/discussions/move", body: {} }, { fetch });
    expect(result).toMatchObject({ successIDs: [1], failedIDs: [2], countTotalIDs: 4 });
  });

  it("throws the API's error for a failure without progress", async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(reply(422, { message: "Validation Failed", status: 422, errors: [] }));
    const failure = runLongRunner({ method: "PATCH", path: "/discussions/move", body: {} }, { fetch });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 422, message: "Validation Failed" });
  });

  it("stops after maxRounds when the server never finishes", async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockImplementation(() => Promise.resolve(reply(408, { progress: progress([]), callbackPayload: "again" })));
    await expect(
      runLongRunner({ method: "PATCH", path: "/discussions/close", body: {} }, { fetch, maxRounds: 3 }),
    ).rejects.toMatchObject({ status: 408 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
