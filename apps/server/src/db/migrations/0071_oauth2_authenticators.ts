import type { Kysely } from "kysely";

/**
 * OAuth 2 authenticators (issue 36, Vanilla's OAuth2 add-on): a provider configured by hand instead of by
 * discovery. Its authorization, token and profile addresses, the `prompt` it is asked with, and how the client
 * talks to it: the client secret at the token address by HTTP Basic (else in the body), the access token to the
 * profile address as a bearer header (else as a parameter), the profile read with POST (else GET). Empty and
 * unused for the other types. The profile keys (member ID, full name) go in `userMappings` with the others.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["authorizeUrl", "tokenUrl", "profileUrl", "prompt"])
    await db.schema
      .alterTable("authenticators")
      .addColumn(column, "text", (col) => col.notNull().defaultTo(""))
      .execute();
  for (const [column, value] of [
    ["useBearerToken", 1],
    ["useBasicAuthToken", 1],
    ["postProfileRequest", 0],
  ] as const)
    await db.schema
      .alterTable("authenticators")
      .addColumn(column, "integer", (col) => col.notNull().defaultTo(value))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    "postProfileRequest",
    "useBasicAuthToken",
    "useBearerToken",
    "prompt",
    "profileUrl",
    "tokenUrl",
    "authorizeUrl",
  ])
    await db.schema.alterTable("authenticators").dropColumn(column).execute();
}
