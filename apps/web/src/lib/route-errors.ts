import { data } from "react-router";
import { ApiError } from "./api.ts";

/** What an error page needs to know: the kind of record that was missing (`Category`). */
export interface RouteErrorData {
  type?: string;
  message?: string;
}

/** A 404 for the route error boundary: "{Type} Not Found". */
export const notFoundError = (type = "Page") => data<RouteErrorData>({ type }, { status: 404 });

/** A record's id from the address (1 … 2³¹−1 as digits), or the 404 of that record type. */
export function recordIDParam(raw: string | undefined, type: string): number {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) throw notFoundError(type);
  return Number(raw);
}

/**
 * Runs a loader step; an API error becomes a route error with the API's status, so the page shows
 * the right error page and the server answers with the same status.
 */
export async function loadOrThrow<T>(type: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError) {
      throw data<RouteErrorData>({ type, message: error.message }, { status: error.status });
    }
    throw error;
  }
}

/** A `?page=n` parameter: a positive integer, 1 when absent, or null for anything else (a 404). */
export const pageParam = (search: URLSearchParams): number | null => {
  const raw = search.get("page");
  if (raw === null) return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
};

/** `p{n}` path segments (spec §2): the page number, or null when the segment is not one. */
export function parsePageSegment(segment: string | undefined): number | null {
  if (segment === undefined) return 1;
  const match = /^p([1-9]\d{0,5})$/.exec(segment);
  return match ? Number(match[1]) : null;
}
