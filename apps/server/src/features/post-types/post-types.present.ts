import { discussionTypes, type DiscussionType, type PostField, type PostType } from "@parley/contracts";
import { toRfc3339 } from "../../platform/dates.ts";
import type { PostFieldRow, PostTypeRow } from "./post-types.repo.ts";

const originalNames: Record<DiscussionType, string> = {
  discussion: "Discussion",
  question: "Question",
  idea: "Idea",
  poll: "Poll",
};

/** An original post type (not a row): active while its add-on is on; the categories' own settings place it. */
export const presentOriginal = (type: DiscussionType, isActive: boolean): PostType => ({
  postTypeID: type,
  name: originalNames[type],
  parentPostTypeID: null,
  postButtonLabel: `New ${originalNames[type]}`,
  postHelperText: "",
  roleIDs: [],
  categoryIDs: [],
  isOriginal: true,
  isActive,
  isDeleted: false,
  dateInserted: null,
  dateUpdated: null,
  insertUserID: null,
  updateUserID: null,
});

export const isOriginalType = (postTypeID: string): postTypeID is DiscussionType =>
  (discussionTypes as readonly string[]).includes(postTypeID);

/** A site's post type row → the API record. */
export const presentPostType = (row: PostTypeRow, roleIDs: number[], categoryIDs: number[]): PostType => ({
  postTypeID: row.postTypeID,
  name: row.name,
  parentPostTypeID: row.parentPostTypeID,
  postButtonLabel: row.postButtonLabel || `New ${row.name}`,
  postHelperText: row.postHelperText,
  roleIDs,
  categoryIDs,
  isOriginal: false,
  isActive: row.isActive === 1,
  isDeleted: row.isDeleted === 1,
  dateInserted: toRfc3339(row.dateInserted),
  dateUpdated: row.dateUpdated ? toRfc3339(row.dateUpdated) : null,
  insertUserID: row.insertUserID,
  updateUserID: row.updateUserID,
});

/** A post field row → the API record. */
export const presentPostField = (row: PostFieldRow, postTypeIDs: string[]): PostField => ({
  postFieldID: row.postFieldID,
  postTypeIDs,
  label: row.label,
  description: row.description,
  dataType: row.dataType as PostField["dataType"],
  formType: row.formType as PostField["formType"],
  dropdownOptions: row.dropdownOptions === null ? null : (JSON.parse(row.dropdownOptions) as (string | number)[]),
  visibility: row.visibility as PostField["visibility"],
  displayOptions: {},
  isRequired: row.isRequired === 1,
  isActive: row.isActive === 1,
  dateInserted: toRfc3339(row.dateInserted),
  dateUpdated: row.dateUpdated ? toRfc3339(row.dateUpdated) : null,
  insertUserID: row.insertUserID,
  updateUserID: row.updateUserID,
});
