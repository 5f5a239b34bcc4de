import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType, flag, withId } from "../../platform/db/columns.ts";

/**
 * Accounts: roles and their permissions (global, or per category for categories with their own
 * permissions), user ↔ role links, sessions, personal access tokens and e-mail tokens (confirmation,
 * password reset). Categories learn which category's permissions apply to them.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const date = dateType(dialect);

  await withId(db.schema.createTable("roles"), "roleID", dialect)
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("description", "text")
    .addColumn("type", "varchar(20)")
    .addColumn("sort", "integer", flag)
    .addColumn("deletable", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("canSession", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("personalInfo", "integer", flag)
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("dateUpdated", date)
    .execute();
  await db.schema
    .createIndex("roles_name_unique")
    .on("roles")
    .unique()
    .expression(sql`lower("name")`)
    .execute();

  await db.schema
    .createTable("userRoles")
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("roleID", "integer", (col) => col.notNull().references("roles.roleID").onDelete("cascade"))
    .addPrimaryKeyConstraint("userRoles_pk", ["userID", "roleID"])
    .execute();
  await db.schema.createIndex("userRoles_role").on("userRoles").columns(["roleID", "userID"]).execute();

  // One row per granted permission. Global grants: junctionType '' and junctionID 0; per-category
  // grants: junctionType 'category' and the category's id.
  await db.schema
    .createTable("rolePermissions")
    .addColumn("roleID", "integer", (col) => col.notNull().references("roles.roleID").onDelete("cascade"))
    .addColumn("junctionType", "varchar(20)", (col) => col.notNull().defaultTo(""))
    .addColumn("junctionID", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("permission", "varchar(100)", (col) => col.notNull())
    .addPrimaryKeyConstraint("rolePermissions_pk", ["roleID", "junctionType", "junctionID", "permission"])
    .execute();
  await db.schema
    .createIndex("rolePermissions_junction")
    .on("rolePermissions")
    .columns(["junctionType", "junctionID"])
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("sessionID", "varchar(64)", (col) => col.primaryKey())
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("transientKey", "varchar(64)", (col) => col.notNull())
    .addColumn("persist", "integer", flag)
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("dateLastUsed", date, (col) => col.notNull())
    .addColumn("dateExpires", date, (col) => col.notNull())
    .addColumn("userAgent", "varchar(255)")
    .addColumn("ipAddress", "varchar(64)")
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("userID").execute();

  await withId(db.schema.createTable("accessTokens"), "accessTokenID", dialect)
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("tokenHash", "varchar(64)", (col) => col.notNull().unique())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("dateLastUsed", date)
    .addColumn("dateExpires", date)
    .execute();
  await db.schema.createIndex("accessTokens_user").on("accessTokens").column("userID").execute();

  await db.schema
    .createTable("emailTokens")
    .addColumn("tokenHash", "varchar(64)", (col) => col.primaryKey())
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("purpose", "varchar(20)", (col) => col.notNull())
    .addColumn("email", "varchar(200)", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("dateExpires", date, (col) => col.notNull())
    .addColumn("dateUsed", date)
    .execute();
  await db.schema.createIndex("emailTokens_user").on("emailTokens").columns(["userID", "purpose"]).execute();

  await db.schema.alterTable("users").addColumn("showEmail", "integer", flag).execute();
  await db.schema.alterTable("users").addColumn("bypassSpam", "integer", flag).execute();
  await db.schema.alterTable("users").addColumn("countVisits", "integer", flag).execute();
  await db.schema.alterTable("users").addColumn("insertIPAddress", "varchar(64)").execute();
  await db.schema.alterTable("users").addColumn("lastIPAddress", "varchar(64)").execute();
  // The category whose permissions apply: itself when it has its own, else its nearest such ancestor,
  // else the root (-1) whose permissions are the roles' global defaults.
  await db.schema
    .alterTable("categories")
    .addColumn("permissionCategoryID", "integer", (col) => col.notNull().defaultTo(-1))
    .execute();

  await seedDefaultRoles(db, new Date().toISOString());
  // Existing members (a database made before accounts) become Members; admins Administrators.
  await sql`insert into "userRoles" ("userID", "roleID")
    select u."userID", r."roleID" from "users" u join "roles" r on r."type" = case when u."isAdmin" = 1 then 'administrator' else 'member' end`.execute(
    db,
  );
}

/** The default roles and what they may do (frozen here: later changes are new migrations). */
const member = [
  "session.valid",
  "profiles.view",
  "discussions.view",
  "discussions.add",
  "comments.add",
  "conversations.add",
  "reactions.view",
  "reactions.positive.add",
  "reactions.negative.add",
  "flag.add",
  "tags.add",
  "uploads.add",
];
const moderator = [
  ...member,
  "community.moderate",
  "personalInfo.view",
  "discussions.edit",
  "discussions.delete",
  "discussions.announce",
  "discussions.close",
  "discussions.sink",
  "comments.edit",
  "comments.delete",
  "curation.manage",
  "reactions.flag.add",
  "staff.allow",
  "conversations.moderate",
  "applicants.manage",
  "posts.moderate",
];
const administrator = [
  ...moderator,
  "site.manage",
  "community.manage",
  "users.add",
  "users.edit",
  "users.delete",
  "profile.editusernames",
];
const defaultRoles = [
  {
    name: "Guest",
    type: "guest",
    description: "Visitors who are not signed in.",
    canSession: 0,
    permissions: ["profiles.view", "discussions.view"],
  },
  {
    name: "Unconfirmed",
    type: "unconfirmed",
    description: "Members who have not confirmed their e-mail address yet.",
    canSession: 1,
    permissions: ["session.valid", "profiles.view", "discussions.view"],
  },
  {
    name: "Applicant",
    type: "applicant",
    description: "People who applied for membership.",
    canSession: 0,
    permissions: [],
  },
  { name: "Member", type: "member", description: "Registered members.", canSession: 1, permissions: member },
  {
    name: "Moderator",
    type: "moderator",
    description: "Members who keep the community healthy.",
    canSession: 1,
    permissions: moderator,
  },
  {
    name: "Administrator",
    type: "administrator",
    description: "Members who run the site.",
    canSession: 1,
    permissions: administrator,
  },
];

export async function seedDefaultRoles(db: Kysely<unknown>, now: string): Promise<void> {
  for (const [sort, role] of defaultRoles.entries()) {
    const inserted = await sql<{
      roleID: number;
    }>`insert into "roles" ("name", "description", "type", "sort", "deletable", "canSession", "personalInfo", "dateInserted")
      values (${role.name}, ${role.description}, ${role.type}, ${sort}, 0, ${role.canSession}, ${role.type === "moderator" || role.type === "administrator" ? 1 : 0}, ${now})
      returning "roleID"`.execute(db);
    const roleID = inserted.rows[0]!.roleID;
    for (const permission of role.permissions) {
      await sql`insert into "rolePermissions" ("roleID", "junctionType", "junctionID", "permission") values (${roleID}, '', 0, ${permission})`.execute(
        db,
      );
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["emailTokens", "accessTokens", "sessions", "rolePermissions", "userRoles", "roles"]) {
    await db.schema.dropTable(table).execute();
  }
}
