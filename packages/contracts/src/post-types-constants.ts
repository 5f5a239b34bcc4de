/**
 * Custom post types and post fields (issue 33, Vanilla's post types and post fields): kinds, rules, messages and
 * paths shared by server and web. Free of TypeBox, so the browser bundle can import it.
 */
import { profileFieldDataTypes, profileFieldFormTypes, profileFieldFormTypesOf } from "./profile-fields-constants.ts";

/** A post field's data and form types: those of profile fields, paired the same way (Vanilla's). */
export const postFieldDataTypes = profileFieldDataTypes;
export type PostFieldDataType = (typeof postFieldDataTypes)[number];
export const postFieldFormTypes = profileFieldFormTypes;
export type PostFieldFormType = (typeof postFieldFormTypes)[number];
export const postFieldFormTypesOf = profileFieldFormTypesOf;

/**
 * Who sees a post field's value on a post: public, everyone who may read the post; private, the post's author and
 * moderators; internal, moderators only (they alone set it).
 */
export const postFieldVisibilities = ["public", "private", "internal"] as const;
export type PostFieldVisibility = (typeof postFieldVisibilities)[number];

export const postTypeRules = {
  /** A post type's or field's id: lowercase letters, digits, dashes and underscores. */
  idPattern: "^[a-z0-9][a-z0-9_\\-]*$",
  idMaxLength: 100,
  nameMaxLength: 100,
  labelMaxLength: 100,
  descriptionMaxLength: 500,
  helperTextMaxLength: 500,
  /** Post types and post fields a site may define (each). */
  maxPostTypes: 100,
  maxPostFields: 200,
} as const;

export const postTypeMessages = {
  disabled: "Post types are not enabled.",
  idTaken: "A post type with this ID already exists.",
  fieldIDTaken: "A post field with this ID already exists.",
  originalReadOnly: "The original post types cannot be changed.",
  parentUnknown: "The parent post type must be one of: {types}.",
  unknownPostType: 'There is no post type "{postTypeID}".',
  inactivePostType: 'The post type "{name}" is not active.',
  notInCategory: 'The category "{category}" does not take posts of type "{name}".',
  roleNotAllowed: 'Your roles may not post a "{name}".',
  typeMismatch: 'The post type "{name}" is a kind of {parent}, not {type}.',
  unknownCategory: "Category {categoryID} does not exist.",
  unknownRole: "Role {roleID} does not exist.",
  unknownField: "Post field {postFieldID} does not exist.",
  notAField: '"{postFieldID}" is not a field of this post type.',
  internalField: "{label} is set by moderators.",
  notFilterable: '"{postFieldID}" is not a post field you may filter by.',
  tooManyTypes: `A site may have at most ${postTypeRules.maxPostTypes} post types.`,
  tooManyFields: `A site may have at most ${postTypeRules.maxPostFields} post fields.`,
} as const;

/** The dashboard pages that manage post types and post fields. */
export const postTypesDashboardPath = "/dashboard/settings/post-types";
export const postFieldsDashboardPath = "/dashboard/settings/post-fields";
