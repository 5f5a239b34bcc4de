import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botCheckMessages } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createApi, uniqueIp, type Api } from "../../test/accounts.ts";

const SECRET = "test-secret";
const GOOD_ANSWER = "solved-by-a-human";

/** A siteverify stand-in: form-encoded secret, response, remoteip in; `{success}` out (or an outage). */
function createFakeVerifier() {
  const asked: Array<Record<string, string>> = [];
  let down = false;
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = "";
      request.on("data", (chunk: Buffer) => (data += chunk.toString()));
      request.on("end", () => resolve(data));
    });
  const server: Server = createServer((request, response) => {
    void (async () => {
      const form = Object.fromEntries(new URLSearchParams(await read(request)));
      asked.push({ ...form, contentType: request.headers["content-type"] ?? "" });
      if (down) {
        response.statusCode = 502;
        response.end("bad gateway");
        return;
      }
      response.setHeader("content-type", "application/json");
      const success = form["secret"] === SECRET && form["response"] === GOOD_ANSWER;
      response.end(JSON.stringify(success ? { success } : { success, "error-codes": ["invalid-input-response"] }));
    })();
  });
  return {
    server,
    asked,
    setDown: (value: boolean) => (down = value),
    url: () => {
      const address = server.address();
      if (!address || typeof address === "string") throw new Error("The fake verifier is not listening.");
      return `http://127.0.0.1:${address.port}/siteverify`;
    },
  };
}

describe.each(engines)("the bot check on registration on %s", (engine) => {
  const verifier = createFakeVerifier();
  let t: TestApp;
  let api: Api;

  beforeAll(async () => {
    await new Promise<void>((resolve) => verifier.server.listen(0, "127.0.0.1", resolve));
    t = await createTestApp(engine, {
      config: {
        botCheck: {
          provider: "hcaptcha",
          siteKey: "site-key-123",
          secret: SECRET,
          scriptUrl: "https://js.hcaptcha.com/1/api.js",
          verifyUrl: verifier.url(),
        },
      },
    });
    api = createApi(t.app);
    await t.app.platform.siteConfig.set("registration.method", "captcha");
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => verifier.server.close(() => resolve()));
  });

  const register = (name: string, captchaResponse?: string, ip = uniqueIp()) =>
    api.post(
      "/api/v2/users/register",
      {
        name,
        email: `${name.toLowerCase()}@people.test`,
        password: "long enough 1",
        ...(captchaResponse === undefined ? {} : { captchaResponse }),
      },
      { ip },
    );
  const written = async (name: string) =>
    (await t.database.db.selectFrom("users").select("userID").where("name", "=", name).execute()).length;
  const fieldErrorOf = (body: string) =>
    (JSON.parse(body) as { errors: Array<{ field: string; message: string }> }).errors;

  it("asks for the answer, refuses a wrong one, and writes nothing until the provider says yes", async () => {
    const missing = await register("NoAnswer");
    expect(missing.statusCode).toBe(400);
    expect(fieldErrorOf(missing.body)).toEqual([
      expect.objectContaining({ field: "captchaResponse", message: botCheckMessages.missing }),
    ]);
    const wrong = await register("WrongAnswer", "a-bot-guess");
    expect(wrong.statusCode).toBe(400);
    expect(fieldErrorOf(wrong.body)).toEqual([
      expect.objectContaining({ field: "captchaResponse", message: botCheckMessages.failed }),
    ]);
    expect(await written("NoAnswer")).toBe(0);
    expect(await written("WrongAnswer")).toBe(0);

    const ip = uniqueIp();
    const right = await register("Human", GOOD_ANSWER, ip);
    expect(right.statusCode, right.body).toBe(201);
    expect(await written("Human")).toBe(1);
    // The provider got the secret, the answer and the registrant's address, form-encoded.
    expect(verifier.asked.at(-1)).toEqual({
      secret: SECRET,
      response: GOOD_ANSWER,
      remoteip: ip,
      contentType: "application/x-www-form-urlencoded",
    });
  });

  it("answers 503 when the provider cannot be reached, without writing the account", async () => {
    verifier.setDown(true);
    try {
      const response = await register("DuringOutage", GOOD_ANSWER);
      expect(response.statusCode).toBe(503);
      expect(response.json<{ message: string }>().message).toBe(botCheckMessages.unavailable);
      expect(await written("DuringOutage")).toBe(0);
    } finally {
      verifier.setDown(false);
    }
  });

  it("asks only under the captcha method: basic registers without it", async () => {
    const before = verifier.asked.length;
    await t.app.platform.siteConfig.set("registration.method", "basic");
    try {
      expect((await register("BasicMember")).statusCode).toBe(201);
      expect(verifier.asked.length).toBe(before);
    } finally {
      await t.app.platform.siteConfig.set("registration.method", "captcha");
    }
  });

  it("gives the register form its widget through the title bar, and lets the provider's hosts past the CSP", async () => {
    const lookup = await api.get(
      "/api/v2/layouts/lookup-hydrate?layoutViewType=home&recordType=siteSection&recordID=0",
    );
    expect(lookup.statusCode, lookup.body).toBe(200);
    const props = lookup.json<{ titleBar: { $reactProps: Record<string, unknown> } }>().titleBar.$reactProps[
      "botCheck"
    ];
    expect(props).toEqual({
      provider: "hcaptcha",
      siteKey: "site-key-123",
      scriptUrl: "https://js.hcaptcha.com/1/api.js",
      widgetClass: "h-captcha",
      responseField: "h-captcha-response",
      global: "hcaptcha",
    });
    const policy = String(lookup.headers["content-security-policy"]);
    expect(policy).toMatch(/script-src 'self' https:\/\/hcaptcha\.com https:\/\/\*\.hcaptcha\.com/);
    expect(policy).toMatch(/frame-src 'self' https:\/\/hcaptcha\.com/);
  });
});
