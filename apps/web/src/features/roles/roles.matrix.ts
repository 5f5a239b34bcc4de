import type { PermissionFragment, RolePermissionInput } from "@parley/contracts";
import { categoryPermissionNames, permissionNames, type PermissionName } from "@parley/contracts/permissions-constants";
import { t } from "../../lib/i18n.ts";

/*
 * The permission matrix of the role page: the global names grouped by area (by the name's prefix), each with a
 * readable label; the per-category names as columns of one table per category with its own permissions; and the
 * form's checkboxes read back into the API's fragments.
 */

/** Never offered: only the system itself holds it. Kept as the role has it. */
const hiddenNames: ReadonlySet<PermissionName> = new Set(["system.only"]);

const areaOfPrefix: Record<string, string> = {
  session: "site",
  system: "site",
  site: "site",
  staff: "site",
  noAds: "site",
  schedule: "site",
  profiles: "users",
  profile: "users",
  users: "users",
  personalInfo: "users",
  applicants: "users",
  community: "community",
  curation: "community",
  flag: "community",
  approval: "community",
  tags: "community",
  uploads: "community",
  badges: "community",
  groups: "community",
  conversations: "conversations",
  discussions: "discussions",
  comments: "comments",
  posts: "posts",
  events: "posts",
  reactions: "reactions",
  kb: "knowledge",
  articles: "knowledge",
};
const areaIDs = [
  "site",
  "users",
  "community",
  "discussions",
  "comments",
  "posts",
  "reactions",
  "conversations",
  "email",
  "knowledge",
] as const;
type AreaID = (typeof areaIDs)[number];

const areaLabel = (area: AreaID): string =>
  ({
    site: t("Site"),
    users: t("Users"),
    community: t("Community and moderation"),
    discussions: t("Discussions"),
    comments: t("Comments"),
    posts: t("Posts and events"),
    reactions: t("Reactions"),
    conversations: t("Conversations"),
    email: t("E-mail notifications"),
    knowledge: t("Knowledge bases"),
  })[area];

/** The area a name belongs to: by its prefix, the e-mail notifications apart. */
export const areaOf = (name: PermissionName): AreaID =>
  name.endsWith(".email") ? "email" : ((areaOfPrefix[name.split(".")[0]!] ?? "site") as AreaID);

/** What a permission lets its holders do, in words. */
export function permissionLabel(name: PermissionName): string {
  const labels: Record<PermissionName, string> = {
    "session.valid": t("Sign in"),
    "system.only": t("System"),
    "site.manage": t("Manage the site (settings, roles, themes)"),
    "staff.allow": t("Staff: not held to flood control"),
    "noAds.use": t("See no ads"),
    "schedule.allow": t("Schedule posts"),
    "profiles.view": t("View profiles"),
    "profile.editusernames": t("Change their own name"),
    "users.add": t("Add members"),
    "users.edit": t("Edit members"),
    "users.delete": t("Delete members"),
    "personalInfo.view": t("See personal information (e-mail, IP)"),
    "applicants.manage": t("Approve applicants"),
    "community.moderate": t("Moderate the community (reports)"),
    "community.manage": t("Manage the community (tags, reactions, report reasons)"),
    "curation.manage": t("Curate (collections, featured)"),
    "flag.add": t("Report posts"),
    "approval.require": t("Require approval: posts wait for a moderator"),
    "tags.add": t("Tag discussions"),
    "uploads.add": t("Upload files"),
    "badges.moderate": t("Moderate badges"),
    "groups.add": t("Create groups"),
    "groups.moderate": t("Moderate groups"),
    "conversations.add": t("Start private conversations"),
    "conversations.moderate": t("Moderate private conversations"),
    "comments.email": t("E-mail about comments"),
    "conversations.email": t("E-mail about messages"),
    "discussions.email": t("E-mail about discussions"),
    "comments.add": t("Add comments"),
    "comments.edit": t("Edit any comment"),
    "comments.delete": t("Delete any comment"),
    "discussions.view": t("View discussions"),
    "discussions.add": t("Start discussions"),
    "discussions.edit": t("Edit any discussion"),
    "discussions.manage": t("Manage discussions (edit and delete)"),
    "discussions.close": t("Close discussions"),
    "discussions.closeOwn": t("Close their own discussions"),
    "discussions.moderate": t("Moderate discussions (announce, close, sink)"),
    "discussions.delete": t("Delete discussions"),
    "discussions.announce": t("Announce discussions"),
    "discussions.sink": t("Sink discussions"),
    "posts.moderate": t("Moderate posts"),
    "events.view": t("View events"),
    "events.manage": t("Manage events"),
    "reactions.view": t("See reactions"),
    "reactions.positive.add": t("React positively"),
    "reactions.negative.add": t("React negatively"),
    "reactions.flag.add": t("Flag with reactions"),
    "kb.view": t("View knowledge bases"),
    "articles.add": t("Write articles"),
  };
  return labels[name];
}

export interface PermissionArea {
  id: AreaID;
  label: string;
  names: PermissionName[];
}

/** The global names to offer, by area, in the areas' order and each area's names in the contract's order. */
export function permissionAreas(): PermissionArea[] {
  return areaIDs
    .map((id) => ({
      id,
      label: areaLabel(id),
      names: permissionNames.filter((name) => !hiddenNames.has(name) && areaOf(name) === id),
    }))
    .filter((area) => area.names.length > 0);
}

const perCategory: ReadonlySet<string> = new Set(categoryPermissionNames);

/** The names granted per category (the rows of the categories' table), in the global matrix's order. */
export const categoryColumns: readonly PermissionName[] = permissionNames.filter((name) => perCategory.has(name));

/** A grant as the form and its kept values name it: `global:<name>` or `category:<id>:<name>`. */
export const grantKey = (name: string, categoryID?: number) =>
  categoryID === undefined ? `global:${name}` : `category:${categoryID}:${name}`;

/** The grants of a role's fragments (only `true` grants). */
export function grantKeys(fragments: PermissionFragment[]): Set<string> {
  const keys = new Set<string>();
  for (const fragment of fragments) {
    for (const [name, on] of Object.entries(fragment.permissions)) {
      if (on !== true) continue;
      if (fragment.type === "global") keys.add(grantKey(name));
      else if (fragment.type === "category" && fragment.id !== null) keys.add(grantKey(name, fragment.id));
    }
  }
  return keys;
}

/** The form's field names: `global` (one box per name), `category-<id>` per category table. */
export const categoryField = (categoryID: number) => `category-${categoryID}`;

/**
 * The fragments the form asks for: the global one (the boxes, plus `keep`: names the role has that the page does
 * not offer), then one per category table the page showed (`categoryID` hidden fields), so unticking every box of a
 * category takes all its grants away.
 */
export function fragmentsFromForm(form: FormData): RolePermissionInput[] {
  const strings = (name: string) => form.getAll(name).filter((value): value is string => typeof value === "string");
  const granted = (names: string[]) => Object.fromEntries(names.map((name) => [name, true]));
  const categoryIDs = [
    ...new Set(
      strings("categoryID")
        .map(Number)
        .filter((id) => Number.isInteger(id) && id > 0),
    ),
  ];
  return [
    { type: "global", id: null, permissions: granted([...strings("global"), ...strings("keep")]) },
    ...categoryIDs.map((id): RolePermissionInput => ({
      type: "category",
      id,
      permissions: granted(strings(categoryField(id))),
    })),
  ];
}

/** The grants the form asked for, as keys: what the page shows ticked again when the save is refused. */
export function keysOfFragments(inputs: RolePermissionInput[]): string[] {
  return inputs.flatMap((input) =>
    Object.keys(input.permissions).map((name) =>
      grantKey(name, input.type === "category" ? (input.id ?? undefined) : undefined),
    ),
  );
}
