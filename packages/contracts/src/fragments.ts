import { Type, type Static } from "typebox";
import { DateTime } from "./common.ts";
import { fragmentsLimits } from "./limits.ts";
import { Page } from "./pagination.ts";

/*
 * Fragments (Vanilla's dashboard-fragments.yml, issue 38): an administrator's own widget, its JavaScript and
 * CSS kept in revisions. A revision is a draft until committed; committing makes it the active one (the one
 * pages show) and the one before a past revision. Pages run a fragment only inside a sandboxed frame
 * (`GET /fragments/{uuid}/frame`, Parley's own), with an opaque origin: its code cannot read the session.
 */

export const fragmentStatuses = ["draft", "active", "past-revision"] as const;
export type FragmentStatus = (typeof fragmentStatuses)[number];

export const FragmentView = Type.Object({
  recordType: Type.Union([Type.Literal("layout"), Type.Literal("theme")]),
  recordID: Type.String(),
  recordName: Type.String(),
  recordUrl: Type.String(),
});
export type FragmentView = Static<typeof FragmentView>;

/** A file a fragment uses: an upload as `POST /media` answered it. */
export const FragmentFile = Type.Object(
  {
    mediaID: Type.Integer({ minimum: 1 }),
    url: Type.String({ maxLength: 500 }),
    name: Type.String({ maxLength: 255 }),
    type: Type.String({ maxLength: 100 }),
    size: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: true },
);
export type FragmentFile = Static<typeof FragmentFile>;

/** Props the editor injects into the fragment while previewing it. */
export const FragmentPreviewData = Type.Object(
  {
    previewDataUUID: Type.String({ minLength: 1, maxLength: 40 }),
    data: Type.Record(Type.String(), Type.Unknown()),
    name: Type.String({ maxLength: 100 }),
    description: Type.String({ maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type FragmentPreviewData = Static<typeof FragmentPreviewData>;

const code = {
  js: Type.String({ maxLength: fragmentsLimits.jsMaxLength, description: "The JavaScript the frame runs." }),
  jsRaw: Type.String({ maxLength: fragmentsLimits.jsMaxLength, description: "The JavaScript as written." }),
  css: Type.String({ maxLength: fragmentsLimits.cssMaxLength }),
  previewData: Type.Array(FragmentPreviewData, { maxItems: fragmentsLimits.previewDataMaxItems }),
  files: Type.Array(FragmentFile, { maxItems: 50 }),
};
const commit = {
  commitMessage: Type.String({
    maxLength: fragmentsLimits.commitMessageMaxLength,
    description: "Given, the revision is committed at once (it becomes the active one).",
  }),
  commitDescription: Type.String({ maxLength: fragmentsLimits.commitDescriptionMaxLength }),
};
const name = Type.String({ minLength: 1, maxLength: fragmentsLimits.nameMaxLength });

/** What a change may give: any of a revision's fields; a commit message commits it at once. */
export const FragmentPatch = Type.Partial(Type.Object({ name, ...code, ...commit }, { additionalProperties: false }));
export type FragmentPatch = Static<typeof FragmentPatch>;

export const FragmentPost = Type.Object(
  {
    ...FragmentPatch.properties,
    name,
    fragmentType: Type.String({ minLength: 1, maxLength: fragmentsLimits.fragmentTypeMaxLength }),
    js: code.js,
    jsRaw: code.jsRaw,
  },
  { additionalProperties: false },
);
export type FragmentPost = Static<typeof FragmentPost>;

export const FragmentCommit = Type.Object(
  {
    fragmentRevisionUUID: Type.String({ minLength: 1, maxLength: 40 }),
    commitMessage: Type.String({ minLength: 1, maxLength: fragmentsLimits.commitMessageMaxLength }),
    commitDescription: Type.Optional(commit.commitDescription),
  },
  { additionalProperties: false },
);
export type FragmentCommit = Static<typeof FragmentCommit>;

export const Fragment = Type.Object({
  fragmentUUID: Type.String(),
  name: Type.String(),
  fragmentType: Type.String(),
  status: Type.Enum(fragmentStatuses),
  isLatest: Type.Boolean({ description: "The fragment's latest revision (a draft, or the last commit)." }),
  fragmentRevisionUUID: Type.String(),
  revisionInsertUserID: Type.Integer(),
  dateRevisionInserted: DateTime,
  commitMessage: Type.String({ description: "Empty for a draft." }),
  commitDescription: Type.String(),
  isApplied: Type.Boolean({ description: "Whether a layout places the fragment." }),
  url: Type.String({ description: "The dashboard's page for the fragment." }),
  jsUrl: Type.String({ description: "This revision's JavaScript." }),
  cssUrl: Type.String({ description: "This revision's CSS." }),
  frameUrl: Type.String({ description: "Parley: this revision in its sandboxed frame." }),
  fragmentViews: Type.Array(FragmentView),
});
export type Fragment = Static<typeof Fragment>;

export const FragmentDetails = Type.Object({
  ...Fragment.properties,
  js: code.js,
  jsRaw: code.jsRaw,
  css: code.css,
  previewData: code.previewData,
  files: code.files,
});
export type FragmentDetails = Static<typeof FragmentDetails>;

export const FragmentParams = Type.Object({ fragmentUUID: Type.String({ minLength: 1, maxLength: 40 }) });

export const FragmentListQuery = Type.Object({
  status: Type.Optional(
    Type.Enum([...fragmentStatuses, "latest"], {
      description: "Each fragment's latest revision (by default), its active one, its draft, or every past revision.",
    }),
  ),
  fragmentType: Type.Optional(Type.String({ maxLength: fragmentsLimits.fragmentTypeMaxLength })),
  sort: Type.Optional(
    Type.Union([Type.Literal("dateRevisionInserted"), Type.Literal("-dateRevisionInserted")], {
      default: "-dateRevisionInserted",
    }),
  ),
  appliedStatus: Type.Optional(
    Type.Union([Type.Literal("all"), Type.Literal("applied"), Type.Literal("not-applied")], { default: "all" }),
  ),
});
export type FragmentListQuery = Static<typeof FragmentListQuery>;

export const FragmentGetQuery = Type.Object({
  fragmentRevisionUUID: Type.Optional(Type.String({ maxLength: 40 })),
  status: Type.Optional(Type.Union([Type.Literal("active"), Type.Literal("latest")])),
});
export type FragmentGetQuery = Static<typeof FragmentGetQuery>;

export const FragmentRevisionQuery = Type.Object({
  fragmentRevisionUUID: Type.Optional(Type.String({ maxLength: 40 })),
});

export const FragmentFrameQuery = Type.Object({
  fragmentRevisionUUID: Type.Optional(Type.String({ maxLength: 40 })),
  previewDataUUID: Type.Optional(
    Type.String({ maxLength: 40, description: "Run the revision with one of its preview data sets as props." }),
  ),
});

export const FragmentRevisionsQuery = Type.Object({
  commitMessage: Type.Optional(Type.String({ maxLength: fragmentsLimits.commitMessageMaxLength })),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: fragmentsLimits.revisionsMaxLimit,
      default: fragmentsLimits.revisionsDefaultLimit,
    }),
  ),
  page: Type.Optional(Page),
});
export type FragmentRevisionsQuery = Static<typeof FragmentRevisionsQuery>;

export const FragmentDisclosure = Type.Object({ didAccept: Type.Boolean() }, { additionalProperties: false });
export type FragmentDisclosure = Static<typeof FragmentDisclosure>;

export const FragmentDeleted = Type.Object({ success: Type.Boolean() });
