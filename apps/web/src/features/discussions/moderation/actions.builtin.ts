import { t } from "../../../lib/i18n.ts";
import { reportsLink } from "../../reports/index.ts";
import { loadCreateTicketModal } from "../../attachments/index.ts";
import { logFilterPath } from "../../../lib/log-filter.ts";
import {
  createActionRegistry,
  type DiscussionAction,
  type DiscussionActionConfig,
  type RecordPermissions,
} from "./actions.registry.ts";
import { runToggle } from "./flags.ts";
import { moderationApi } from "./moderation.api.ts";

const signedIn = (config: DiscussionActionConfig) => config.me.userID !== 0;
/** A global permission of the viewer (admins hold them all). */
const holds = (config: DiscussionActionConfig, name: string) =>
  config.me.isAdmin || config.me.permissions.includes(name);
const granted = (permissions: RecordPermissions, name: string) => permissions[name] === true;

/**
 * The options menu's own entries (spec §2), each shown with the permission of spec §6 as the record's
 * `permissions` carry it. Entries with `requires` wait for the server's capability and for their screens
 * (they have no handler yet, so they stay hidden even then).
 */
export const builtinDiscussionActions: DiscussionAction[] = [
  // first
  {
    id: "edit",
    group: "first",
    label: (_discussion, config) => config.edit.label,
    isVisible: (_discussion, _permissions, config) => config.edit.canEdit,
    href: (discussion) => `/post/editdiscussion/${discussion.discussionID}`,
  },
  {
    id: "revisionHistory",
    group: "first",
    requires: "revisions",
    label: () => t("Revision History"),
    isVisible: (_discussion, _permissions, config) => holds(config, "community.moderate"),
    href: (discussion) => logFilterPath({ kind: "revisions", discussionID: discussion.discussionID, page: 1 }),
  },
  {
    id: "deletedComments",
    group: "first",
    requires: "deletedComments",
    label: () => t("Deleted Comments"),
    isVisible: (_discussion, _permissions, config) => holds(config, "community.moderate"),
    href: (discussion) => logFilterPath({ kind: "deletedComments", discussionID: discussion.discussionID, page: 1 }),
  },
  {
    id: "reports",
    group: "first",
    requires: "reports",
    label: () => t("Reports"),
    isVisible: (_discussion, _permissions, config) => holds(config, "community.moderate"),
    href: (discussion) => reportsLink("discussion", discussion.discussionID),
  },
  // moderation
  {
    id: "announce",
    group: "moderation",
    label: () => t("Announce"),
    isVisible: (_discussion, permissions) => granted(permissions, "discussions.announce"),
    modal: () => import("./AnnounceModal.tsx").then((module) => module.AnnounceModal),
  },
  {
    id: "tag",
    group: "moderation",
    label: () => t("Tag"),
    // The category's discussions.edit (which the record's discussions.move carries): an author's edit
    // window alone does not make them a tagger from this menu.
    isVisible: (_discussion, permissions, config) => config.taggingEnabled && granted(permissions, "discussions.move"),
    modal: () => import("./TagModal.tsx").then((module) => module.TagModal),
  },
  {
    id: "addToCollection",
    group: "moderation",
    requires: "collections",
    label: () => t("Add to Collection"),
    isVisible: (_discussion, _permissions, config) => holds(config, "community.manage"),
    modal: () => import("./CollectionModal.tsx").then((module) => module.CollectionModal),
  },
  {
    id: "changeAuthor",
    group: "moderation",
    requires: "changeAuthor",
    label: () => t("Change Author"),
    isVisible: (_discussion, _permissions, config) => holds(config, "site.manage"),
    modal: () => import("./ChangeAuthorModal.tsx").then((module) => module.ChangeAuthorModal),
  },
  {
    id: "move",
    group: "moderation",
    label: () => t("Move"),
    isVisible: (_discussion, permissions) => granted(permissions, "discussions.move"),
    modal: () => import("./MoveModal.tsx").then((module) => module.MoveModal),
  },
  // status
  {
    id: "sink",
    group: "status",
    label: (discussion) => (discussion.sink ? t("Unsink") : t("Sink")),
    isVisible: (_discussion, permissions) => granted(permissions, "discussions.sink"),
    perform: (discussion, tools) =>
      void runToggle(
        tools,
        discussion.discussionID,
        () => moderationApi.patchFlags(tools.api, discussion.discussionID, { sink: !discussion.sink }),
        { toastID: `sink-${discussion.discussionID}` },
      ),
  },
  {
    id: "bump",
    group: "status",
    label: () => t("Bump"),
    isVisible: (_discussion, permissions) => granted(permissions, "curation.manage"),
    perform: (discussion, tools) =>
      void runToggle(tools, discussion.discussionID, () => moderationApi.bump(tools.api, discussion.discussionID), {
        toastID: `bump-${discussion.discussionID}`,
        success: t("Success! This post has been bumped."),
      }),
  },
  {
    id: "close",
    group: "status",
    label: (discussion) => (discussion.closed ? t("Reopen") : t("Close")),
    isVisible: (_discussion, permissions) => granted(permissions, "discussions.close"),
    perform: (discussion, tools) =>
      void runToggle(
        tools,
        discussion.discussionID,
        () => moderationApi.patchFlags(tools.api, discussion.discussionID, { closed: !discussion.closed }),
        { toastID: `close-${discussion.discussionID}` },
      ),
  },
  {
    id: "resolve",
    group: "status",
    label: (discussion) => (discussion.resolved ? t("Unresolve") : t("Resolve")),
    isVisible: (_discussion, permissions, config) => config.triageEnabled && granted(permissions, "staff.allow"),
    perform: (discussion, tools) =>
      void runToggle(
        tools,
        discussion.discussionID,
        () => moderationApi.patchFlags(tools.api, discussion.discussionID, { resolved: !discussion.resolved }),
        { toastID: `resolve-${discussion.discussionID}` },
      ),
  },
  // An integration's action (the attachments add-on): a ticket for the discussion, when one is enabled.
  {
    id: "createTicket",
    group: "status",
    label: () => t("Create ticket"),
    isVisible: (_discussion, _permissions, config) => config.integrations?.["ticket"]?.canCreate === true,
    modal: loadCreateTicketModal,
  },
  // flag
  {
    id: "report",
    group: "flag",
    requires: "reports",
    label: () => t("Report"),
    // Not on one's own post.
    isVisible: (discussion, _permissions, config) =>
      holds(config, "flag.add") && discussion.insertUserID !== config.me.userID,
    modal: () => import("./ReportModal.tsx").then((module) => module.DiscussionReportModal),
  },
  // others
  {
    id: "bookmark",
    group: "others",
    label: (discussion) => (discussion.bookmarked ? t("Unbookmark") : t("Bookmark")),
    isVisible: (_discussion, _permissions, config) => signedIn(config),
    perform: (discussion, tools) => tools.bookmark(!discussion.bookmarked),
  },
  {
    id: "mute",
    group: "others",
    label: (discussion) => (discussion.muted ? t("Unmute") : t("Mute")),
    isVisible: (_discussion, _permissions, config) => signedIn(config),
    perform: (discussion, tools) => tools.mute(!discussion.muted),
  },
  {
    id: "dismiss",
    group: "others",
    label: (discussion) => (discussion.dismissed ? t("Undismiss") : t("Dismiss")),
    isVisible: (discussion, _permissions, config) => signedIn(config) && discussion.pinned,
    perform: (discussion, tools) =>
      void runToggle(
        tools,
        discussion.discussionID,
        () => moderationApi.dismiss(tools.api, discussion.discussionID, !discussion.dismissed),
        {
          toastID: `dismiss-${discussion.discussionID}`,
          success: discussion.dismissed
            ? t("Success. Dismissal cancelled.")
            : t("Success. Announcement has been dismissed."),
        },
      ),
  },
  {
    id: "share",
    group: "others",
    label: () => t("Share"),
    isVisible: () => true,
    perform: (_discussion, tools) => tools.share(),
  },
  {
    id: "delete",
    group: "others",
    label: () => t("Delete"),
    isVisible: (_discussion, permissions) => granted(permissions, "discussions.delete"),
    modal: () => import("./DeleteModal.tsx").then((module) => module.DeleteModal),
  },
];

/**
 * The discussion options menu's registry. Add-ons register their entries here
 * (`discussionActions.register({...})`); an id registered again replaces the built-in one.
 */
export const discussionActions = createActionRegistry<DiscussionAction>(builtinDiscussionActions);
