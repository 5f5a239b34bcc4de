import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { counter, dateType, withId } from "../../platform/db/columns.ts";

/**
 * Groups (Vanilla's Groups add-on): groups, their members (member or leader), applications to join a private
 * group and invitations. Each group owns a category (`groups.categoryID`, created with the group under the
 * "Social Groups" parent category) that holds its discussions; `categories.groupID` marks those categories (the
 * parent's is 0) so category lists leave them out, and `discussions.groupID` names a discussion's group.
 *
 * Default grants, as Vanilla gives them: `groups.add` to members, moderators and administrators;
 * `groups.moderate` to moderators and administrators.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const date = dateType(dialect);
  await withId(db.schema.createTable("groups"), "groupID", dialect)
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("privacy", "varchar(10)", (col) => col.notNull())
    .addColumn("iconUrl", "varchar(500)")
    .addColumn("bannerUrl", "varchar(500)")
    .addColumn("categoryID", "integer", (col) => col.notNull())
    .addColumn("countMembers", "integer", counter)
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("updateUserID", "integer")
    .addColumn("dateUpdated", date)
    .execute();
  // Names are unique whatever their case.
  await db.schema
    .createIndex("groups_name")
    .on("groups")
    .unique()
    .expression(sql`lower("name")`)
    .execute();
  await db.schema.createIndex("groups_category").on("groups").column("categoryID").execute();

  await db.schema
    .createTable("groupMembers")
    .addColumn("groupID", "integer", (col) => col.notNull().references("groups.groupID").onDelete("cascade"))
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    // member | leader
    .addColumn("role", "varchar(10)", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addPrimaryKeyConstraint("groupMembers_pk", ["groupID", "userID"])
    .execute();
  await db.schema.createIndex("groupMembers_user").on("groupMembers").column("userID").execute();

  await db.schema
    .createTable("groupApplicants")
    .addColumn("groupID", "integer", (col) => col.notNull().references("groups.groupID").onDelete("cascade"))
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("reason", "text", (col) => col.notNull())
    // pending | approved | denied
    .addColumn("status", "varchar(10)", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("dateUpdated", date)
    .addPrimaryKeyConstraint("groupApplicants_pk", ["groupID", "userID"])
    .execute();
  await db.schema.createIndex("groupApplicants_user").on("groupApplicants").column("userID").execute();

  await db.schema
    .createTable("groupInvitations")
    .addColumn("groupID", "integer", (col) => col.notNull().references("groups.groupID").onDelete("cascade"))
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addPrimaryKeyConstraint("groupInvitations_pk", ["groupID", "userID"])
    .execute();
  await db.schema.createIndex("groupInvitations_user").on("groupInvitations").column("userID").execute();

  await db.schema.alterTable("categories").addColumn("groupID", "integer").execute();
  await db.schema.alterTable("discussions").addColumn("groupID", "integer").execute();
  await db.schema.createIndex("discussions_group").on("discussions").columns(["groupID", "dateLastComment"]).execute();

  await grant(db, "groups.add", ["member", "moderator", "administrator"]);
  await grant(db, "groups.moderate", ["moderator", "administrator"]);
}

async function grant(db: Kysely<unknown>, permission: string, roleTypes: string[]): Promise<void> {
  await sql`insert into "rolePermissions" ("roleID", "junctionType", "junctionID", "permission")
    select "roleID", '', 0, ${permission} from "roles" r where r."type" in (${sql.join(roleTypes)})
      and not exists (select 1 from "rolePermissions" p where p."roleID" = r."roleID" and p."junctionType" = ''
        and p."junctionID" = 0 and p."permission" = ${permission})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from "rolePermissions" where "permission" in ('groups.add', 'groups.moderate')`.execute(db);
  await db.schema.dropIndex("discussions_group").execute();
  await db.schema.alterTable("discussions").dropColumn("groupID").execute();
  await db.schema.alterTable("categories").dropColumn("groupID").execute();
  for (const table of ["groupInvitations", "groupApplicants", "groupMembers", "groups"]) {
    await db.schema.dropTable(table).execute();
  }
}
