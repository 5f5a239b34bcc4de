import qs from "qs";
import { describe, expect, it } from "vitest";
import { errorMessages } from "@parley/contracts/messages";
import { paginationHeaders } from "@parley/contracts/headers";
import { ApiError, createApiClient, readPaging, stringifyQuery, type ApiRequest, type ApiResponse } from "./api.ts";

describe("ApiError", () => {
  it("keeps the message, status and description and keys field errors by field", () => {
    const error = new ApiError(422, {
      message: "Validation Failed",
      status: 422,
      description: "Check the form.",
      errors: [
        { field: "name", code: "missingField", message: "name is required.", status: 422 },
        { field: "body", code: "minLength", message: "body is too short.", status: 422 },
        { field: "name", code: "maxLength", message: "name is too long.", status: 422 },
      ],
    });

    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ApiError");
    expect(error.message).toBe("Validation Failed");
    expect(error.status).toBe(422);
    expect(error.description).toBe("Check the form.");
    expect(Object.keys(error.errors).sort()).toEqual(["body", "name"]);
    expect(error.errors["name"]?.map((fieldError) => fieldError.code)).toEqual(["missingField", "maxLength"]);
    expect(error.errors["body"]?.[0]?.message).toBe("body is too short.");
  });

  it("falls back to the generic message when the body has no message", () => {
    expect(new ApiError(500, null).message).toBe("Something went wrong while contacting the server.");
    expect(new ApiError(500, {}).message).toBe(errorMessages.serverNoMessage);
    expect(new ApiError(502, { message: "" }).message).toBe(errorMessages.serverNoMessage);
    const error = new ApiError(500, null);
    expect(error.errors).toEqual({});
    expect(error.description).toBeNull();
  });

  it("uses the first field error's message when there is no top-level message", () => {
    const error = new ApiError(422, {
      errors: [{ field: "email", code: "invalid", message: "email is not valid.", status: 422 }],
    });
    expect(error.message).toBe("email is not valid.");
    expect(error.errors["email"]).toHaveLength(1);
  });

  it("keeps the action button and the trace", () => {
    const error = new ApiError(403, {
      message: "Permission Problem",
      actionButton: { label: "Sign In", url: "/entry/signin" },
      trace: "at somewhere",
    });
    expect(error.actionButton).toEqual({ label: "Sign In", url: "/entry/signin" });
    expect(error.trace).toBe("at somewhere");
  });
});

describe("readPaging", () => {
  it("reads the current page, limit and total", () => {
    expect(
      readPaging({
        [paginationHeaders.current]: "2",
        [paginationHeaders.limit]: "30",
        [paginationHeaders.resultCount]: "95",
      }),
    ).toEqual({ currentPage: 2, limit: 30, total: 95 });
  });

  it("sets next and prev only when their URL headers exist", () => {
    expect(
      readPaging({
        "x-app-page-current": "2",
        "x-app-page-limit": "30",
        "x-app-page-next-url": "http://localhost/api/v2/discussions?page=3",
        "x-app-page-prev-url": "http://localhost/api/v2/discussions?page=1",
      }),
    ).toEqual({ currentPage: 2, limit: 30, next: 3, prev: 1 });

    const firstPage = readPaging({
      "x-app-page-current": "1",
      "x-app-page-limit": "30",
      "x-app-page-next-url": "http://localhost/api/v2/discussions?page=2",
    });
    expect(firstPage).toEqual({ currentPage: 1, limit: 30, next: 2 });
    expect(firstPage).not.toHaveProperty("prev");

    const onlyPage = readPaging({ "x-app-page-current": "1", "x-app-page-limit": "30" });
    expect(onlyPage).not.toHaveProperty("next");
    expect(onlyPage).not.toHaveProperty("prev");
  });

  it("is null without the paging headers", () => {
    expect(readPaging({})).toBeNull();
    expect(readPaging({ "content-type": "application/json" })).toBeNull();
    expect(readPaging({ "x-app-page-current": "1" })).toBeNull();
    expect(readPaging({ "x-app-page-limit": "30" })).toBeNull();
  });
});

describe("stringifyQuery", () => {
  it("writes arrays with indices, as Vanilla's client does", () => {
    const query = stringifyQuery({ expand: ["a", "b"] });
    expect(decodeURIComponent(query)).toBe("expand[0]=a&expand[1]=b");
    expect(qs.parse(query)).toEqual({ expand: ["a", "b"] });
  });

  it("writes what qs writes for nested objects, booleans and dates", () => {
    const query = {
      layoutViewType: "post",
      params: { page: 2, sort: "-score", ids: [1, 2] },
      flag: true,
      at: new Date("2026-01-02T03:04:05.000Z"),
    };
    expect(stringifyQuery(query)).toBe(qs.stringify(query, { skipNulls: true }));
    expect(qs.parse(stringifyQuery(query))).toEqual(qs.parse(qs.stringify(query)));
  });

  it("skips nulls and writes nothing without a query", () => {
    expect(stringifyQuery({ limit: 5, parentCategoryID: null })).toBe("limit=5");
    expect(stringifyQuery(undefined)).toBe("");
    expect(stringifyQuery({})).toBe("");
  });
});

describe("createApiClient", () => {
  const respondWith = (response: ApiResponse) => {
    const requests: ApiRequest[] = [];
    const api = createApiClient(async (request) => {
      requests.push(request);
      return response;
    });
    return { api, requests };
  };

  it("returns the body and the paging of a 200", async () => {
    const { api, requests } = respondWith({
      status: 200,
      headers: { "x-app-page-current": "1", "x-app-page-limit": "2", "x-app-page-result-count": "3" },
      body: [{ categoryID: 1 }, { categoryID: 2 }],
    });

    const result = await api.get<{ categoryID: number }[]>("/categories", { maxDepth: 2 });

    expect(result.data).toEqual([{ categoryID: 1 }, { categoryID: 2 }]);
    expect(result.paging).toEqual({ currentPage: 1, limit: 2, total: 3 });
    expect(requests).toEqual([{ method: "GET", path: "/categories", query: { maxDepth: 2 } }]);
  });

  it("gives a null paging when the response has no paging headers", async () => {
    const { api } = respondWith({ status: 201, headers: {}, body: { categoryID: 9 } });
    const result = await api.request<{ categoryID: number }>({ method: "POST", path: "/categories", body: {} });
    expect(result).toEqual({ data: { categoryID: 9 }, paging: null });
  });

  it("treats a 408 as success", async () => {
    const { api } = respondWith({ status: 408, headers: {}, body: { progress: { countTotal: 10 } } });
    await expect(api.get("/discussions/move")).resolves.toEqual({
      data: { progress: { countTotal: 10 } },
      paging: null,
    });
  });

  it("throws an ApiError with the status and message of a 404", async () => {
    const { api } = respondWith({
      status: 404,
      headers: {},
      body: { message: "Category not found.", status: 404, description: null },
    });

    const error = await api.get("/categories/999").catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).message).toBe("Category not found.");
  });

  it("throws the fallback message when an error has no body", async () => {
    const { api } = respondWith({ status: 500, headers: {}, body: null });
    await expect(api.get("/categories")).rejects.toMatchObject({
      status: 500,
      message: "Something went wrong while contacting the server.",
    });
  });

  it("passes the abort signal to the transport", async () => {
    const { api, requests } = respondWith({ status: 200, headers: {}, body: [] });
    const controller = new AbortController();
    await api.get("/categories", undefined, controller.signal);
    expect(requests[0]?.signal).toBe(controller.signal);
    expect(requests[0]).not.toHaveProperty("query");
  });
});
