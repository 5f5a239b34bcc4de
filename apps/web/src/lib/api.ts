import { errorMessages } from "@parley/contracts/messages";
import { paginationHeaders } from "@parley/contracts/headers";
import type { ErrorBody, FieldError, PageInfo } from "@parley/contracts";

/** What a transport returns: the browser's fetch, or the server's in-process call during SSR. */
export interface ApiResponse {
  status: number;
  headers: Record<string, string | undefined>;
  body: unknown;
}

export interface ApiRequest {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Path under /api/v2, with a leading slash: `/categories`. */
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
}

export type ApiTransport = (request: ApiRequest) => Promise<ApiResponse>;

/** The client's error shape (spec §3 "Error"): field errors keyed by field. */
export class ApiError extends Error {
  readonly status: number;
  readonly description: string | null;
  readonly errors: Record<string, FieldError[]>;
  readonly actionButton: ErrorBody["actionButton"];
  readonly trace: string | undefined;

  constructor(status: number, body: Partial<ErrorBody> | null) {
    const firstFieldError = body?.errors?.[0]?.message;
    super(body?.message || firstFieldError || errorMessages.serverNoMessage);
    this.name = "ApiError";
    this.status = status;
    this.description = body?.description ?? null;
    this.errors = {};
    for (const error of body?.errors ?? []) (this.errors[error.field] ??= []).push(error);
    this.actionButton = body?.actionButton;
    this.trace = body?.trace;
  }
}

/** A list read from an add-on's routes: empty while the add-on is off (its routes answer 404). */
export async function noneWhileOff<T>(read: () => Promise<T[]>): Promise<T[]> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/**
 * The same, read only once the add-on's switch (a public setting) says it is on: off, nothing is asked of its routes,
 * so the browser logs no refused request.
 */
export async function noneUnlessOn<T>(
  api: ApiClient,
  setting: string,
  read: () => Promise<T[]>,
  signal?: AbortSignal,
): Promise<T[]> {
  const { data } = await api.get<Record<string, unknown>>("/config", { select: [setting] }, signal);
  return data[setting] === true ? noneWhileOff(read) : [];
}

interface ApiResult<T> {
  data: T;
  paging: PageInfo | null;
}

const toInt = (value: string | undefined) => (value === undefined ? undefined : Number.parseInt(value, 10));

/** Paging as the client reads it: only the x-app-page-* headers (reference §1.6). */
export function readPaging(headers: ApiResponse["headers"]): PageInfo | null {
  const currentPage = toInt(headers[paginationHeaders.current]);
  const limit = toInt(headers[paginationHeaders.limit]);
  if (currentPage === undefined || limit === undefined) return null;
  const info: PageInfo = { currentPage, limit };
  const total = toInt(headers[paginationHeaders.resultCount]);
  if (total !== undefined) info.total = total;
  if (headers[paginationHeaders.nextUrl]) info.next = currentPage + 1;
  if (headers[paginationHeaders.prevUrl]) info.prev = currentPage - 1;
  return info;
}

/**
 * Query strings as Vanilla's client writes them (qs's format, without shipping qs to the browser):
 * `expand[0]=a&expand[1]=b`, nested objects as `params[page]=2`, nulls and undefined skipped.
 */
export function stringifyQuery(query: Record<string, unknown> | undefined): string {
  const parts: string[] = [];
  const push = (key: string, text: string) => parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  const add = (key: string, value: unknown): void => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) value.forEach((item, index) => add(`${key}[${index}]`, item));
    else if (value instanceof Date) push(key, value.toISOString());
    else if (typeof value === "object")
      for (const [name, item] of Object.entries(value as Record<string, unknown>)) add(`${key}[${name}]`, item);
    else if (typeof value === "string") push(key, value);
    else if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint")
      push(key, String(value));
  };

  for (const [key, value] of Object.entries(query ?? {})) add(key, value);
  return parts.join("&");
}

export interface ApiClient {
  request<T>(request: ApiRequest): Promise<ApiResult<T>>;
  get<T>(path: string, query?: Record<string, unknown>, signal?: AbortSignal): Promise<ApiResult<T>>;
}

/** Statuses below 400, and 408 (a long-running call to resume), count as success (spec §7). */
export function createApiClient(transport: ApiTransport): ApiClient {
  const request = async <T>(req: ApiRequest): Promise<ApiResult<T>> => {
    const response = await transport(req);
    if (response.status >= 400 && response.status !== 408) {
      throw new ApiError(response.status, (response.body as Partial<ErrorBody> | null) ?? null);
    }
    return { data: response.body as T, paging: readPaging(response.headers) };
  };
  return {
    request,
    get: (path, query, signal) =>
      request({ method: "GET", path, ...(query ? { query } : {}), ...(signal ? { signal } : {}) }),
  };
}

/** The browser's transport: same-origin fetch with the requester header. */
export const fetchTransport: ApiTransport = async ({ method, path, query, body, signal }) => {
  const search = stringifyQuery(query);
  const response = await fetch(`/api/v2${path}${search ? `?${search}` : ""}`, {
    method,
    credentials: "same-origin",
    // A FormData body (a file) goes as multipart, the browser setting its boundary; anything else as JSON.
    headers: {
      "X-Requested-With": "vanilla",
      ...(body === undefined || body instanceof FormData ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
    ...(signal ? { signal } : {}),
  });
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  return { status: response.status, headers: Object.fromEntries(response.headers.entries()), body: parsed };
};
