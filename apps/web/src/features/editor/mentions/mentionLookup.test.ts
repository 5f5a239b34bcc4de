import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, createApiClient, type ApiRequest } from "../../../lib/api.ts";
import { createMentionLookup, type MentionResult, type MentionUser } from "./mentionLookup.ts";
import { mentionUsersFetcher } from "./mentions.api.ts";

const user = (userID: number, name: string): MentionUser => ({ userID, name, photoUrl: "" });
const many = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => user(i + 1, `${prefix}${i}`));
const names = (result: MentionResult | undefined) =>
  result?.status === "success" ? result.users.map((u) => u.name) : result;

describe("mention lookup", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A lookup over a fake server; `answers` maps a prefix to its members. */
  function setUp(answers: Record<string, MentionUser[] | Error>) {
    const fetchUsers = vi.fn(async (prefix: string) => {
      const answer = answers[prefix.toLowerCase()] ?? [];
      if (answer instanceof Error) throw answer;
      return answer;
    });
    const lookup = createMentionLookup(fetchUsers);
    const results: MentionResult[] = [];
    const ask = (query: string) => lookup.lookup(query, (result) => results.push(result));
    return { fetchUsers, lookup, results, ask };
  }

  it("waits 50 ms after the last keystroke, then asks once, for the latest text", async () => {
    const { fetchUsers, results, ask } = setUp({ alm: [user(1, "Alma")] });
    ask("a");
    await vi.advanceTimersByTimeAsync(30);
    ask("al");
    await vi.advanceTimersByTimeAsync(30);
    ask("alm");
    await vi.advanceTimersByTimeAsync(49);
    expect(fetchUsers).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchUsers).toHaveBeenCalledTimes(1);
    expect(fetchUsers.mock.calls[0]?.[0]).toBe("alm");
    expect(results.map(names)).toEqual([["Alma"]]);
  });

  it("answers a prefix asked before from its cache, whatever its case, without asking again", async () => {
    const { fetchUsers, results, ask } = setUp({ al: [user(1, "Al"), user(2, "Alma")] });
    ask("al");
    await vi.advanceTimersByTimeAsync(50);
    ask("AL");
    expect(results.map(names)).toEqual([
      ["Al", "Alma"],
      ["Al", "Alma"],
    ]);
    expect(fetchUsers).toHaveBeenCalledTimes(1);
  });

  it("filters a shorter prefix's results for a longer one when they were fewer than 50, exact name first", async () => {
    const { fetchUsers, results, ask } = setUp({
      al: [user(1, "Alfred"), user(2, "Alma"), user(3, "Almanac"), user(4, "Bob")],
    });
    ask("al");
    await vi.advanceTimersByTimeAsync(50);
    ask("alm");
    ask("almanac");
    ask("almx");
    expect(results.slice(1).map(names)).toEqual([["Alma", "Almanac"], ["Almanac"], []]);
    expect(fetchUsers).toHaveBeenCalledTimes(1);
    ask("ALMA");
    expect(names(results.at(-1))).toEqual(["Alma", "Almanac"]);
  });

  it("asks the server again when the shorter prefix had 50 results (there may be more)", async () => {
    const { fetchUsers, ask, lookup } = setUp({ a: many("a", 50), ab: [user(99, "ab")] });
    ask("a");
    await vi.advanceTimersByTimeAsync(50);
    expect(lookup.cached("ab")).toBeUndefined();
    ask("ab");
    await vi.advanceTimersByTimeAsync(50);
    expect(fetchUsers.mock.calls.map((call) => call[0])).toEqual(["a", "ab"]);
  });

  it("reuses only prefixes of at most 10 characters", async () => {
    const member = user(1, "abcdefghijklm");
    const ten = setUp({ abcdefghij: [member] });
    ten.ask("abcdefghij");
    await vi.advanceTimersByTimeAsync(50);
    expect(ten.lookup.cached("abcdefghijkl")).toEqual([member]);

    const eleven = setUp({ abcdefghijk: [member] });
    eleven.ask("abcdefghijk");
    await vi.advanceTimersByTimeAsync(50);
    // An 11-character prefix is cached for itself, but never reused for longer text.
    expect(eleven.lookup.cached("abcdefghijk")).toEqual([member]);
    expect(eleven.lookup.cached("abcdefghijkl")).toBeUndefined();
    eleven.ask("abcdefghijkl");
    await vi.advanceTimersByTimeAsync(50);
    expect(eleven.fetchUsers).toHaveBeenCalledTimes(2);
  });

  it("suggests nothing for an empty query, without asking", async () => {
    const { fetchUsers, results, ask } = setUp({});
    ask("");
    await vi.advanceTimersByTimeAsync(100);
    expect(results.map(names)).toEqual([[]]);
    expect(fetchUsers).not.toHaveBeenCalled();
  });

  it("reports a failure as an error, caches nothing, and asks again next time", async () => {
    const { fetchUsers, results, ask } = setUp({ al: new ApiError(503, { message: "Down" }) });
    ask("al");
    await vi.advanceTimersByTimeAsync(50);
    expect(results[0]?.status).toBe("error");
    ask("al");
    await vi.advanceTimersByTimeAsync(50);
    expect(fetchUsers).toHaveBeenCalledTimes(2);
  });

  it("drops an answer that comes after newer text was typed", async () => {
    let release: (users: MentionUser[]) => void = () => undefined;
    const fetchUsers = vi.fn(
      (prefix: string) =>
        new Promise<MentionUser[]>((resolve) => {
          if (prefix === "a") release = resolve;
          else resolve([user(2, "Bea")]);
        }),
    );
    const lookup = createMentionLookup(fetchUsers);
    const results: MentionResult[] = [];
    lookup.lookup("a", (result) => results.push(result));
    await vi.advanceTimersByTimeAsync(50);
    lookup.lookup("b", (result) => results.push(result));
    release([user(1, "Al")]);
    await vi.advanceTimersByTimeAsync(50);
    expect(results.map(names)).toEqual([["Bea"]]);
  });
});

describe("the by-names request", () => {
  const answering = (status: number, body: unknown) => {
    const requests: ApiRequest[] = [];
    const api = createApiClient(async (request) => {
      requests.push(request);
      return { status, headers: {}, body };
    });
    return { fetcher: mentionUsersFetcher(api), requests };
  };

  it("asks for the prefix with a wildcard, in mention order, 50 at most", async () => {
    const { fetcher, requests } = answering(200, [{ userID: 3, name: "Alma", photoUrl: "/p.png", url: "x" }]);
    expect(await fetcher("Al", new AbortController().signal)).toEqual([
      { userID: 3, name: "Alma", photoUrl: "/p.png" },
    ]);
    expect(requests[0]).toMatchObject({
      method: "GET",
      path: "/users/by-names",
      query: { name: "Al*", order: "mention", limit: 50 },
    });
  });

  it("treats 500 and above as an error, and a refusal below it as nobody to suggest", async () => {
    await expect(answering(500, { message: "Boom" }).fetcher("a", new AbortController().signal)).rejects.toThrow(
      "Boom",
    );
    await expect(
      answering(401, { message: "You are banned." }).fetcher("a", new AbortController().signal),
    ).resolves.toEqual([]);
  });
});
