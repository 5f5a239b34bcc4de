import { expect } from "vitest";
import type { Api, Session } from "./accounts.ts";

/**
 * Conditional GET as RFC 9110 §13 has it, for a document every reader gets alike (feeds, sitemaps): a 200 with a
 * weak ETag, a Last-Modified and this Cache-Control; 304 with no body when asked again by ETag (as a guest and as
 * `member`) or by date; 200 for an earlier date or another ETag. Gives the validators.
 */
export async function expectConditionalGet(
  api: Api,
  url: string,
  cacheControl: string,
  member: Session,
): Promise<{ etag: string; lastModified: string }> {
  const first = await api.get(url);
  expect(first.statusCode).toBe(200);
  const etag = String(first.headers["etag"]);
  const lastModified = String(first.headers["last-modified"]);
  expect(etag).toMatch(/^W\/".+"$/);
  expect(Date.parse(lastModified)).not.toBeNaN();
  expect(first.headers["cache-control"]).toBe(cacheControl);

  const byEtag = await api.get(url, { headers: { "if-none-match": etag } });
  expect(byEtag.statusCode).toBe(304);
  expect(byEtag.body).toBe("");
  expect(byEtag.headers["etag"]).toBe(etag);
  // Signed in or not, the same document: the same validator.
  expect((await api.get(url, { as: member, headers: { "if-none-match": etag } })).statusCode).toBe(304);
  expect((await api.get(url, { headers: { "if-modified-since": lastModified } })).statusCode).toBe(304);
  const before = new Date(Date.parse(lastModified) - 1000).toUTCString();
  expect((await api.get(url, { headers: { "if-modified-since": before } })).statusCode).toBe(200);
  expect((await api.get(url, { headers: { "if-none-match": 'W/"other"' } })).statusCode).toBe(200);
  return { etag, lastModified };
}
