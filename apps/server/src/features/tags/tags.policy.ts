import { permissionRule } from "../../platform/auth/access.ts";

/** Who may do what with tags (spec §6). */
export const tagsPolicy = {
  /** Create a tag through the tags API: community managers and those who may add tags. */
  canCreate: permissionRule(["community.manage", "tags.add"]),
  /** Change and delete tags. */
  canManage: permissionRule("community.manage"),
  /** Tag a discussion with new tags (created on the way). */
  canAddNew: permissionRule("tags.add"),
};
