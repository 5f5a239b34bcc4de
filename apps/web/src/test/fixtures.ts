import type { CategoryTreeItem } from "@parley/contracts";
import type { ApiRequest, ApiResponse, ApiTransport } from "../lib/api.ts";

/** A category record as the API returns it; tests override only what they look at. */
export function makeCategory(
  overrides: Partial<CategoryTreeItem> & Pick<CategoryTreeItem, "categoryID" | "name">,
): CategoryTreeItem {
  const urlcode = overrides.urlcode ?? overrides.name.toLowerCase().replace(/\s+/g, "-");
  return {
    urlcode,
    url: `http://localhost/categories/${urlcode}`,
    description: null,
    parentCategoryID: -1,
    displayAs: "discussions",
    customPermissions: false,
    isArchived: false,
    featured: false,
    countCategories: 0,
    countDiscussions: 0,
    countComments: 0,
    countAllDiscussions: 0,
    countAllComments: 0,
    countFollowers: 0,
    followed: false,
    depth: 1,
    iconUrl: null,
    bannerUrl: null,
    allowedDiscussionTypes: null,
    ideationType: "up",
    dateInserted: "2024-01-01T00:00:00+00:00",
    dateUpdated: null,
    insertUserID: 1,
    updateUserID: null,
    ...overrides,
  };
}

export const jsonResponse = (body: unknown, status = 200, headers: ApiResponse["headers"] = {}): ApiResponse => ({
  status,
  headers,
  body,
});

type FakeRoute = ApiResponse | ((request: ApiRequest) => ApiResponse);

/**
 * A transport answering from a table of `METHOD /path` → response (or a function of the request);
 * anything else is a Vanilla-style 404. Every request is recorded in `requests`.
 */
export function createFakeTransport(routes: Record<string, FakeRoute>): ApiTransport & { requests: ApiRequest[] } {
  const requests: ApiRequest[] = [];
  const transport = async (request: ApiRequest): Promise<ApiResponse> => {
    requests.push(request);
    const route = routes[`${request.method} ${request.path}`];
    if (!route) return jsonResponse({ message: "Page not found.", status: 404, description: null }, 404);
    return typeof route === "function" ? route(request) : route;
  };
  return Object.assign(transport, { requests });
}
