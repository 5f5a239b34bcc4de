import { adminPassword } from "./server.ts";

/**
 * The seeded administrator's API session: the cookies of `POST /authenticate/password` as a Cookie header.
 * Shared by the e2e files and scripts/screenshots.ts (no test runner needed).
 */
export async function adminCookie(baseUrl: string): Promise<string> {
  const signIn = await fetch(`${baseUrl}/api/v2/authenticate/password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: adminPassword }),
  });
  if (signIn.status !== 201) throw new Error(`Signing in as admin answered ${signIn.status}: ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** An API call as the administrator (cookie session, same-origin Origin); throws unless it answers `expected`. */
async function adminRequest(
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
  { cookie, expected = [200] }: { cookie?: string; expected?: number[] } = {},
): Promise<unknown> {
  const response = await fetch(`${baseUrl}/api/v2${path}`, {
    method,
    headers: {
      cookie: cookie ?? (await adminCookie(baseUrl)),
      origin: baseUrl,
      "x-requested-with": "XMLHttpRequest",
      "content-type": "application/json",
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!expected.includes(response.status)) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/** Makes `themeID` the site's current theme (`PUT /api/v2/themes/current`) as the administrator. */
export async function setTheme(baseUrl: string, themeID: string, cookie?: string): Promise<void> {
  await adminRequest(baseUrl, "PUT", "/themes/current", { themeID }, { cookie });
}

/** Makes a theme of the site's own (`POST /api/v2/themes`) as the administrator; its id. */
export async function createTheme(baseUrl: string, body: Record<string, unknown>, cookie?: string): Promise<string> {
  const created = (await adminRequest(baseUrl, "POST", "/themes", body, { cookie, expected: [201] })) as {
    themeID: string;
  };
  return created.themeID;
}
