import { describe, expect, it } from "vitest";
import { signPayload, verifyPayload, type CallbackPayload } from "./payload.ts";

const payload = (overrides: Partial<CallbackPayload> = {}): CallbackPayload => ({
  userID: 7,
  action: "discussions.delete",
  args: {},
  remainingIDs: [4, 5, 6],
  countTotalIDs: 6,
  countSuccess: 3,
  countFailed: 0,
  failureStatus: 0,
  budgetMs: 1000,
  exp: Math.floor(Date.now() / 1000) + 60,
  ...overrides,
});

describe("long-runner callback payloads", () => {
  it("round-trips a signed payload (a JWT: header.body.signature)", () => {
    const token = signPayload(payload(), "secret");
    expect(token.split(".")).toHaveLength(3);
    expect(verifyPayload(token, "secret")).toEqual({ payload: payload({ exp: payload().exp }) });
  });

  it("refuses another secret, a changed body, a changed signature and garbage", () => {
    const token = signPayload(payload(), "secret");
    expect(verifyPayload(token, "other")).toEqual({ error: "invalid" });
    const [head, , signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify(payload({ userID: 1 }))).toString("base64url");
    expect(verifyPayload(`${head}.${forged}.${signature}`, "secret")).toEqual({ error: "invalid" });
    expect(verifyPayload(`${token.slice(0, -2)}xx`, "secret")).toEqual({ error: "invalid" });
    expect(verifyPayload("not.a.token", "secret")).toEqual({ error: "invalid" });
    expect(verifyPayload("", "secret")).toEqual({ error: "invalid" });
  });

  it("refuses a well-signed payload of the wrong shape", () => {
    const token = signPayload({ ...payload(), remainingIDs: ["1"] } as unknown as CallbackPayload, "secret");
    expect(verifyPayload(token, "secret")).toEqual({ error: "invalid" });
  });

  it("refuses an expired payload", () => {
    const token = signPayload(payload({ exp: Math.floor(Date.now() / 1000) - 1 }), "secret");
    expect(verifyPayload(token, "secret")).toEqual({ error: "expired" });
  });
});
