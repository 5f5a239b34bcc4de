import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";
import { createRolesRepo, type NewRole } from "./roles.repo.ts";

/** A role brought from another forum (an import, features/import); its id there is not kept. */
type ImportedRole = NewRole;

/**
 * The role an imported one becomes: the role of the same name (case-insensitive) when there is one, as Parley's
 * default roles have Vanilla's names, else a new role. Running it again finds the role it made. Returns its id.
 */
export async function importRole(db: Kysely<DB>, role: ImportedRole): Promise<{ roleID: number; created: boolean }> {
  const repo = createRolesRepo(db);
  const existing = await repo.findByName(role.name);
  if (existing) return { roleID: existing.roleID, created: false };
  return { roleID: await repo.insert(role), created: true };
}

/**
 * Sets an imported role's grants at one place (global: junction '' and 0; a category: 'category' and its id).
 * Of the names the source could say anything about (`known`), the role keeps exactly `granted`; its other
 * grants there (Parley's own permissions the source has no column for) stay as they are.
 */
export async function setImportedGrants(
  db: Kysely<DB>,
  roleID: number,
  junctionType: "" | "category",
  junctionID: number,
  granted: readonly string[],
  known: readonly string[],
): Promise<void> {
  const repo = createRolesRepo(db);
  const current = (await repo.grantsOf([roleID])).get(roleID) ?? [];
  const knownSet = new Set(known);
  const kept = current
    .filter((grant) => grant.junctionType === junctionType && grant.junctionID === junctionID)
    .map((grant) => grant.permission)
    .filter((permission) => !knownSet.has(permission));
  await repo.replaceGrants(roleID, junctionType, junctionID, [...new Set([...kept, ...granted])].sort());
}
