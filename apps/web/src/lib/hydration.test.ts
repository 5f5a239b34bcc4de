import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl, createStaticHandler, isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { deserializeErrors, serializeErrors } from "./hydration.ts";
import { notFoundError } from "./route-errors.ts";

/** Through the page as the server writes it and the browser reads it. */
const roundTrip = (errors: Record<string, unknown> | null) =>
  deserializeErrors(JSON.parse(JSON.stringify(serializeErrors(errors))) as ReturnType<typeof serializeErrors>);

describe("route error hydration", () => {
  it("keeps a 404 route error a route error response with its status and data", () => {
    const restored = roundTrip({ pages: new ErrorResponseImpl(404, "Not Found", { type: "Category" }) });
    const error: unknown = restored?.["pages"];

    expect(isRouteErrorResponse(error)).toBe(true);
    if (!isRouteErrorResponse(error)) return;
    expect(error.status).toBe(404);
    expect(error.statusText).toBe("Not Found");
    expect(error.data).toEqual({ type: "Category" });
  });

  it("round-trips the error a loader's notFoundError becomes on the server", async () => {
    const handler = createStaticHandler([
      {
        id: "pages",
        path: "/",
        loader: () => {
          throw notFoundError("Category");
        },
      },
    ]);
    const context = await handler.query(new Request("http://localhost/"));
    if (context instanceof Response) throw new Error("The loader redirected.");

    const error: unknown = roundTrip(context.errors)?.["pages"];

    expect(isRouteErrorResponse(error)).toBe(true);
    expect(isRouteErrorResponse(error) && [error.status, error.data]).toEqual([404, { type: "Category" }]);
  });

  it("turns other errors into Errors with their message", () => {
    const restored = roundTrip({ root: new TypeError("boom"), other: "plain text" });
    expect(restored?.["root"]).toBeInstanceOf(Error);
    expect((restored?.["root"] as Error).message).toBe("boom");
    expect(isRouteErrorResponse(restored?.["root"])).toBe(false);
    expect((restored?.["other"] as Error).message).toBe("plain text");
  });

  it("keeps no errors as null", () => {
    expect(serializeErrors(null)).toBeNull();
    expect(serializeErrors(undefined)).toBeNull();
    expect(deserializeErrors(null)).toBeNull();
  });
});
