import type { UserEdit } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import type { UsersDeps } from "./users.operation.ts";
import { usersPolicy } from "./users.policy.ts";
import { photoUrlOf } from "./users.present.ts";
import { resolveUser } from "./users.read.ts";

/**
 * `GET /users/{id}/edit`: load → authorize (oneself, or users.edit) → the profile form's fields as their sources (the
 * signature only while the signatures add-on is on).
 */
export async function userEditRecord(
  deps: Pick<UsersDeps, "repo" | "platform">,
  id: string,
  context: RequestContext,
): Promise<UserEdit> {
  const { viewer, origin } = context;
  requireSignedIn(viewer);
  const row = await resolveUser(deps, id, viewer);
  if (!usersPolicy.isSelf(viewer, row)) requireAccess(viewer, usersPolicy.canEditOthers);
  const signatures = await deps.platform.siteConfig.get("signatures.enabled");
  return {
    userID: row.userID,
    name: row.name,
    // Vanilla's fields: the address only to whom may see it (else empty), the photo as stored.
    email: usersPolicy.canSeeEmail(viewer, row) ? row.email : "",
    emailConfirmed: row.emailConfirmed === 1,
    bypassSpam: row.bypassSpam === 1,
    photo: row.photoUrl,
    photoUrl: photoUrlOf(row.photoUrl, origin, row.name),
    hasPhoto: row.photoUrl !== null,
    title: row.title,
    location: row.location,
    about: row.about,
    aboutFormat: row.aboutFormat ?? "markdown",
    ...(signatures ? { signature: row.signature, signatureFormat: row.signatureFormat ?? "markdown" } : {}),
    canEditName: usersPolicy.canRename(viewer),
  };
}
