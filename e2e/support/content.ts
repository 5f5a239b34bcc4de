import { adminPassword } from "./server.ts";

/** A signed-in API session outside the browser: the session cookie, sent like the site's own pages do. */
export interface ApiSession {
  readonly userID: number;
  /** POST /api/v2{path} as this member; throws unless the API answers 2xx. */
  post<T>(path: string, body: Record<string, unknown>): Promise<T>;
  get<T>(path: string): Promise<T>;
  patch<T>(path: string, body: Record<string, unknown>): Promise<T>;
  /** Any call, whatever the status: for tests that count refusals. */
  send<T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }>;
}

export interface CreatedDiscussion {
  discussionID: number;
  name: string;
  categoryID: number;
  url: string;
  countComments: number;
}

export interface CreatedComment {
  commentID: number;
  discussionID: number;
  url: string;
}

/**
 * Signs in through POST /api/v2/authenticate/password and keeps the session cookie. Posts carry
 * `X-Requested-With` and the site's own Origin, which is what the CSRF check asks of cookie sessions.
 */
export async function signInApi(baseUrl: string, username: string, password: string): Promise<ApiSession> {
  const signIn = await fetch(`${baseUrl}/api/v2/authenticate/password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (signIn.status !== 201) throw new Error(`Signing in as ${username} answered ${signIn.status}.`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const { userID } = (await signIn.json()) as { userID: number };
  const send = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> => {
    const response = await fetch(`${baseUrl}/api/v2${path}`, {
      method,
      headers: {
        cookie,
        origin: baseUrl,
        "x-requested-with": "XMLHttpRequest",
        ...(body ? { "content-type": "application/json" } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
  };
  const call = async <T>(method: string, path: string, body?: Record<string, unknown>): Promise<T> => {
    const { status, json } = await send<T>(method, path, body);
    if (status >= 300) throw new Error(`${method} ${path} answered ${status}: ${JSON.stringify(json)}`);
    return json;
  };
  return {
    userID,
    post: (path, body) => call("POST", path, body),
    get: (path) => call("GET", path),
    patch: (path, body) => call("PATCH", path, body),
    send,
  };
}

/** The seeded administrator (exempt from flood control, so it can post many comments quickly). */
export const signInAdmin = (baseUrl: string) => signInApi(baseUrl, "admin", adminPassword);

/** The ID of a category by its URL code (`general`). */
export async function categoryID(session: ApiSession, urlcode: string): Promise<number> {
  return (await session.get<{ categoryID: number }>(`/categories/${encodeURIComponent(`$urlcode:${urlcode}`)}`))
    .categoryID;
}

export function createDiscussion(
  session: ApiSession,
  { name, body, categoryID }: { name: string; body: string; categoryID: number },
): Promise<CreatedDiscussion> {
  return session.post<CreatedDiscussion>("/discussions", { name, body, categoryID, format: "markdown" });
}

/** Adds comments one after the other (so their order is their number), returning them in order. */
export async function addComments(
  session: ApiSession,
  discussionID: number,
  bodies: readonly string[],
): Promise<CreatedComment[]> {
  const comments: CreatedComment[] = [];
  for (const body of bodies) {
    comments.push(await session.post<CreatedComment>("/comments", { discussionID, body, format: "markdown" }));
  }
  return comments;
}

/** The root-relative path of an absolute URL the API returned. */
export const pathOf = (url: string) => new URL(url).pathname;
