import { createStaticHandler, isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { ApiError } from "./api.ts";
import { loadOrThrow, notFoundError, parsePageSegment } from "./route-errors.ts";

describe("parsePageSegment", () => {
  it("is page 1 without a segment", () => {
    expect(parsePageSegment(undefined)).toBe(1);
  });

  it("reads p{n}", () => {
    expect(parsePageSegment("p1")).toBe(1);
    expect(parsePageSegment("p2")).toBe(2);
    expect(parsePageSegment("p150")).toBe(150);
  });

  it("is null for anything that is not a page segment", () => {
    for (const segment of ["p0", "x", "p01", "p", "2", "P2", "p-1", "p2x", "", "p1234567"]) {
      expect(parsePageSegment(segment), segment).toBeNull();
    }
  });
});

/** Runs one loader through React Router's own handler, as the server render does. */
async function errorOfLoader(loader: () => Promise<unknown>): Promise<unknown> {
  const handler = createStaticHandler([{ id: "page", path: "/", loader }]);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("The loader redirected.");
  return context.errors?.["page"];
}

describe("loadOrThrow", () => {
  it("returns what the load step returns", async () => {
    await expect(loadOrThrow("Category", async () => ({ categoryID: 1 }))).resolves.toEqual({ categoryID: 1 });
  });

  it("turns an API 404 into a route error response with the status and the record type", async () => {
    const error = await errorOfLoader(() =>
      loadOrThrow("Category", async () => {
        throw new ApiError(404, { message: "Category not found.", status: 404 });
      }),
    );

    expect(isRouteErrorResponse(error)).toBe(true);
    if (!isRouteErrorResponse(error)) return;
    expect(error.status).toBe(404);
    expect(error.data).toEqual({ type: "Category", message: "Category not found." });
  });

  it("keeps the API's status, such as a 403", async () => {
    const error = await errorOfLoader(() =>
      loadOrThrow("Discussion", async () => {
        throw new ApiError(403, { message: "Permission Problem", status: 403 });
      }),
    );
    expect(isRouteErrorResponse(error) && error.status).toBe(403);
  });

  it("rethrows other errors unchanged", async () => {
    const failure = new TypeError("boom");
    await expect(
      loadOrThrow("Category", async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    const error = await errorOfLoader(() =>
      loadOrThrow("Category", async () => {
        throw failure;
      }),
    );
    expect(isRouteErrorResponse(error)).toBe(false);
    expect(error).toBe(failure);
  });
});

describe("notFoundError", () => {
  it("is a 404 route error with the type, Page by default", async () => {
    const page = await errorOfLoader(async () => {
      throw notFoundError();
    });
    const category = await errorOfLoader(async () => {
      throw notFoundError("Category");
    });
    expect(isRouteErrorResponse(page) && [page.status, page.data]).toEqual([404, { type: "Page" }]);
    expect(isRouteErrorResponse(category) && category.data).toEqual({ type: "Category" });
  });
});
