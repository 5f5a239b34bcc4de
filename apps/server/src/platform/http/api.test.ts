import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { ErrorBody, exposedHeaders } from "@parley/contracts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { HttpError } from "../errors.ts";

/** The /api/v2 conventions, exercised through a few routes that exist only in this test. */
describe("API conventions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite", {
      extend: (app) => {
        app.post(
          "/api/v2/test-things",
          {
            schema: {
              body: Type.Object({
                name: Type.String({ minLength: 3, maxLength: 10 }),
                count: Type.Integer({ minimum: 1 }),
                tags: Type.Optional(Type.Array(Type.String(), { maxItems: 2 })),
              }),
              response: { 201: Type.Object({ name: Type.String(), count: Type.Integer() }), 400: ErrorBody },
            },
          },
          async (request) => request.body as { name: string; count: number },
        );
        app.delete("/api/v2/test-things/:id", { schema: { response: { 204: Type.Null() } } }, async () => null);
        app.get(
          "/api/v2/test-things",
          {
            schema: {
              querystring: Type.Object({
                expand: Type.Optional(Type.Array(Type.String())),
                flag: Type.Optional(Type.Boolean()),
              }),
              response: {
                200: Type.Object({
                  expand: Type.Array(Type.String()),
                  flag: Type.Union([Type.Boolean(), Type.Null()]),
                }),
              },
            },
          },
          async (request) => {
            const query = request.query as { expand?: string[]; flag?: boolean };
            return { expand: query.expand ?? [], flag: query.flag ?? null };
          },
        );
        app.get("/api/v2/test-crash", { schema: { response: { 200: Type.Object({}) } } }, async () => {
          throw new Error("secret database detail");
        });
        app.get("/api/v2/test-unique/:code", { schema: { response: { 200: Type.Object({}) } } }, async (request) => {
          // What the drivers throw when a unique index refuses a write: better-sqlite3's and pg's codes.
          throw Object.assign(new Error("UNIQUE constraint failed: things.name"), {
            code: (request.params as { code: string }).code,
          });
        });
        app.get("/api/v2/test-forbidden", { schema: { response: { 200: Type.Object({}) } } }, async () => {
          throw new HttpError(403, "Permission Problem", {
            description: "You need the site.manage permission to do that.",
            permissions: ["site.manage"],
          });
        });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers an unknown API path with a JSON 404", async () => {
    for (const method of ["GET", "POST", "PATCH", "DELETE"] as const) {
      const response = await t.app.inject({ method, url: "/api/v2/nope?x=1" });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toContain("application/json");
      expect(response.json()).toEqual({ message: "/api/v2/nope not found.", status: 404, description: null });
    }
  });

  it("answers 201 to a POST and 204 to a DELETE by default", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/v2/test-things",
      payload: { name: "abcd", count: 2 },
      headers: { "x-requested-with": "vanilla" },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ name: "abcd", count: 2 });
    const deleted = await t.app.inject({ method: "DELETE", url: "/api/v2/test-things/1" });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe("");
  });

  it("reports every invalid field of a POST body", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v2/test-things",
      payload: { name: "ab", tags: ["a", "b", "c"], extra: true },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body).toMatchObject({ message: "Validation Failed", status: 400, description: null });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: "name", code: "minLength", message: "name should be at least 3 characters long.", status: 400 },
        { field: "count", code: "missingField", message: "count is required.", status: 400 },
        expect.objectContaining({ field: "tags", code: "maxItems", status: 400 }),
      ]),
    );
  });

  it("answers 422 for a value of the wrong type, and 400 for a malformed JSON body", async () => {
    const wrongType = await t.app.inject({
      method: "POST",
      url: "/api/v2/test-things",
      payload: { name: "abcd", count: "many" },
    });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json<ErrorBody>().errors?.[0]).toMatchObject({ field: "count", code: "invalid", status: 422 });
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/v2/test-things",
      payload: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 400, description: null });
  });

  it("accepts array params in bracket and comma forms, and coerces booleans", async () => {
    const bracket = await t.app.inject({ method: "GET", url: "/api/v2/test-things?expand[0]=a&expand[1]=b&flag=1" });
    expect(bracket.json()).toEqual({ expand: ["a", "b"], flag: true });
    const brackets = await t.app.inject({ method: "GET", url: "/api/v2/test-things?expand[]=a&expand[]=b&flag=false" });
    expect(brackets.json()).toEqual({ expand: ["a", "b"], flag: false });
    const comma = await t.app.inject({ method: "GET", url: "/api/v2/test-things?expand=a,b" });
    expect(comma.json()).toEqual({ expand: ["a", "b"], flag: null });
    const single = await t.app.inject({ method: "GET", url: "/api/v2/test-things/?expand=a" });
    expect(single.json()).toEqual({ expand: ["a"], flag: null });
  });

  it("hides 500 details outside debug mode", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v2/test-crash" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: "Internal Server Error", status: 500, description: null });
    expect(response.body).not.toContain("secret");
  });

  it("answers 409 when a unique index refused a write (two requests raced for one name)", async () => {
    for (const code of ["SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY", "23505"]) {
      const response = await t.app.inject({ method: "GET", url: `/api/v2/test-unique/${code}` });
      expect([code, response.statusCode]).toEqual([code, 409]);
      expect(response.json()).toEqual({
        message: "That was just saved by someone else. Reload the page and try again.",
        status: 409,
        description: null,
      });
    }
    const other = await t.app.inject({ method: "GET", url: "/api/v2/test-unique/SQLITE_BUSY" });
    expect(other.statusCode).toBe(500);
  });

  it("keeps the context of an HTTP error", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v2/test-forbidden" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: "Permission Problem",
      status: 403,
      description: "You need the site.manage permission to do that.",
      permissions: ["site.manage"],
    });
  });

  it("exposes the paging headers and answers OPTIONS", async () => {
    const response = await t.app.inject({ method: "OPTIONS", url: "/api/v2/categories" });
    expect(response.statusCode).toBe(204);
    expect(response.headers["access-control-allow-headers"]).toContain("X-Requested-With");
    const list = await t.app.inject({
      method: "GET",
      url: "/api/v2/categories",
      headers: { "x-requested-with": "vanilla" },
    });
    expect(list.headers["access-control-expose-headers"]).toBe(exposedHeaders);
  });

  it("answers /healthz once migrated", async () => {
    const response = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "ok" });
  });
});

describe("API conventions in the log", () => {
  let t: TestApp;
  const logged: Array<{ level: number; msg?: string }> = [];
  beforeAll(async () => {
    t = await createTestApp("sqlite", {
      logger: { level: "warn", stream: { write: (line: string) => void logged.push(JSON.parse(line) as never) } },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers an OPTIONS preflight with 204 and logs neither an error nor a warning", async () => {
    const response = await t.app.inject({
      method: "OPTIONS",
      url: "/api/v2/discussions",
      headers: { origin: "https://other.example", "access-control-request-method": "POST" },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers["access-control-allow-methods"]).toContain("PATCH");
    // The reply was sent and then returned as undefined: Fastify logged "Reply was already sent" and
    // a 500 "Cannot write headers after they are sent" for every preflight.
    expect(logged).toEqual([]);
  });
});
