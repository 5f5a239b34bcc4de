import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { STANDARD_ERROR_STATUSES } from "./error-responses.ts";

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { parameters?: unknown[]; requestBody?: unknown; responses?: Record<string, unknown> }>
  >;
  components?: { schemas?: Record<string, unknown> };
}

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

describe("route schemas and OpenAPI", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite");
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every documented route: not hidden, not HEAD (Fastify adds those), not the catch-alls. */
  const documentedRoutes = () =>
    t.app.routeList.filter((route) => {
      const schema = route.schema;
      return !schema?.hide && route.method !== "HEAD";
    });

  it("every API route declares a response schema, and a body schema when it takes one", () => {
    const apiRoutes = t.app.routeList.filter(
      (route) => (route.url.startsWith("/api/v2") || route.url === "/healthz") && route.method !== "HEAD",
    );
    expect(apiRoutes.length).toBeGreaterThan(3);
    const missing: string[] = [];
    for (const route of apiRoutes) {
      const schema = route.schema as
        { response?: Record<string, unknown>; body?: unknown; querystring?: unknown } | undefined;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const label = `${methods.join(",")} ${route.url}`;
      if (!schema?.response || Object.keys(schema.response).length === 0) missing.push(`${label}: response`);
      const takesBody = methods.some((method) => ["POST", "PUT", "PATCH"].includes(method));
      const isCatchAll = route.url.endsWith("/*") || route.url === "/api/v2";
      if (takesBody && !isCatchAll && !schema?.body) missing.push(`${label}: body`);
      if (
        methods.includes("GET") &&
        !isCatchAll &&
        /\/:/.test(route.url) &&
        !(schema as { params?: unknown })?.params
      ) {
        missing.push(`${label}: params`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("serves OpenAPI 3 listing every documented route with its schemas", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v2/open-api/v3" });
    expect(response.statusCode).toBe(200);
    const doc = response.json<OpenApiDocument>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of documentedRoutes()) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const operation = doc.paths[toOpenApiPath(route.url)]?.[method.toLowerCase()];
        expect(operation, `${method} ${route.url} in the OpenAPI document`).toBeDefined();
        expect(Object.keys(operation?.responses ?? {}).length, `${method} ${route.url} responses`).toBeGreaterThan(0);
      }
    }
    const list = doc.paths["/api/v2/categories"]?.["get"];
    const parameterNames = (list?.parameters as Array<{ name: string; in: string }>).map((p) => `${p.in}:${p.name}`);
    expect(parameterNames).toEqual(expect.arrayContaining(["query:parentCategoryID", "query:maxDepth", "query:limit"]));
    expect(doc.paths["/api/v2/categories/{id}"]?.["get"]?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: "path", name: "id" })]),
    );
    expect(Object.keys(doc.components?.schemas ?? {})).toEqual(
      expect.arrayContaining(["Category", "CategoryTreeItem"]),
    );
    expect(JSON.stringify(doc)).not.toContain("/api/v2/*");
  });

  it("documents the standard failures of every API route, keeping a route's own", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/v2/open-api/v3" })).json<OpenApiDocument>();
    const missing: string[] = [];
    for (const route of documentedRoutes().filter((candidate) => candidate.url.startsWith("/api/v2"))) {
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        const responses = doc.paths[toOpenApiPath(route.url)]?.[method.toLowerCase()]?.responses ?? {};
        for (const status of STANDARD_ERROR_STATUSES) {
          if (!responses[status]) missing.push(`${method} ${route.url} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
    const errorSchema = (path: string, method: string, status: number) =>
      (
        doc.paths[path]?.[method]?.responses?.[status] as
          { content?: { "application/json"?: { schema?: { required?: string[]; anyOf?: unknown[] } } } } | undefined
      )?.content?.["application/json"]?.schema;
    const errorBody = { required: ["message", "status", "description"] };
    expect(errorSchema("/api/v2/categories", "get", 404)).toMatchObject(errorBody);
    // A route's own failure beside the standard ones.
    expect(errorSchema("/api/v2/media", "post", 413)).toMatchObject(errorBody);
    // The long-running calls answer a failure as a result or an error body: their own schema stays.
    expect(errorSchema("/api/v2/calls/run", "post", 400)?.anyOf).toHaveLength(2);
  });
});
