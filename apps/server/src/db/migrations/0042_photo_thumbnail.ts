import type { Kysely } from "kysely";

/**
 * A member's photo in two sizes (issue 29): `photoUrl` (0001) holds the 290 px square the profile and the user card
 * show; `photoThumbnail` an 80 px one for lists, posts and the title bar (24–40 px on screen), so a page of avatars
 * loads a few kilobytes each. Null for a photo from elsewhere (SSO): the photo itself serves then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("photoThumbnail", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("photoThumbnail").execute();
}
