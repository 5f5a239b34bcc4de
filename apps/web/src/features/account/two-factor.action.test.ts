import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { Me } from "@parley/contracts";
import { createApiClient, type ApiRequest } from "../../lib/api.ts";
import { twoFactorAction } from "./two-factor.action.ts";

const me = { userID: 7 } as Me;

/** Sends one confirmation form and answers what the page's API calls sent. */
async function sent(typed: string, intent = "disable") {
  const calls: ApiRequest[] = [];
  const api = createApiClient(async (request) => {
    calls.push(request);
    return { status: request.method === "GET" ? 200 : 204, headers: {}, body: { recoveryCodes: [] } };
  });
  const form = new FormData();
  form.set("accountIntent", intent);
  form.set("password", typed);
  await twoFactorAction(form, me, { queryClient: new QueryClient(), api });
  return calls.map((call) => ({ path: call.path, body: call.body }));
}

describe("the two-factor page's confirmation field", () => {
  it("sends an app code or a recovery code as a code, and anything else as the password, never both", async () => {
    expect(await sent("123 456")).toEqual([{ path: "/users/me/two-factor/disable", body: { code: "123456" } }]);
    expect(await sent("abcde-2fgh3", "recoveryCodes")).toEqual([
      { path: "/users/me/two-factor/recovery-codes", body: { code: "abcde-2fgh3" } },
    ]);
    // A ten-letter password is a password, though a recovery code without its hyphen has ten letters too.
    expect(await sent("password12")).toEqual([
      { path: "/users/me/two-factor/disable", body: { password: "password12" } },
    ]);
    expect(await sent("correct horse battery")).toEqual([
      { path: "/users/me/two-factor/disable", body: { password: "correct horse battery" } },
    ]);
  });

  it("asks for something before sending anything", async () => {
    expect(await sent("")).toEqual([]);
  });
});
