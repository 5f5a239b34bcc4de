import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import type { AttachmentCatalog, Discussion, Me } from "@parley/contracts";
import type { ApiClient } from "../../../lib/api.ts";
import type { ToastApi } from "../../../ui/toast/ToastProvider.tsx";
import type { ModerationCapability, ModerationSettings } from "./capabilities.ts";

/** The options menu's groups, in order, with a separator between non-empty ones (spec §2). */
const discussionActionGroups = ["first", "moderation", "status", "flag", "others"] as const;
export type DiscussionActionGroup = (typeof discussionActionGroups)[number];

/** What a menu entry may look at besides the discussion: the viewer and the site's settings. */
export interface DiscussionActionConfig extends ModerationSettings {
  me: Me;
  /** The Edit entry: whether the viewer may edit now, and its label ('Edit (time)' in an author's window). */
  edit: { canEdit: boolean; label: string };
  /** The integrations the viewer may use (the attachments add-on's catalog; staff only, else empty). */
  integrations?: AttachmentCatalog;
}

/** The per-record `permissions` of the discussion (expand=permissions): what the server lets the viewer do. */
export type RecordPermissions = Readonly<Record<string, boolean>>;

/** What an entry's `perform` gets to work with. */
export interface DiscussionActionTools {
  api: ApiClient;
  queryClient: QueryClient;
  addToast: ToastApi["addToast"];
  bookmark: (bookmarked: boolean) => void;
  mute: (muted: boolean) => void;
  share: () => void;
}

export interface ActionModalProps {
  discussion: Discussion;
  onClose: () => void;
}

/**
 * One entry of the discussion options menu. It does one of three things: `href` (a link), `perform`
 * (run at once), or `modal` (a dialog loaded on demand when chosen). `requires` names a server
 * capability the entry needs; without it the entry stays hidden.
 */
export interface DiscussionAction {
  id: string;
  group: DiscussionActionGroup;
  label: (discussion: Discussion, config: DiscussionActionConfig) => string;
  isVisible: (discussion: Discussion, permissions: RecordPermissions, config: DiscussionActionConfig) => boolean;
  requires?: ModerationCapability;
  href?: (discussion: Discussion) => string;
  perform?: (discussion: Discussion, tools: DiscussionActionTools) => void | Promise<void>;
  modal?: () => Promise<ComponentType<ActionModalProps>>;
}

/** A typed registry: entries keep their registration order; registering an id again replaces it. */
export interface ActionRegistry<A extends { id: string }> {
  register: (action: A) => void;
  unregister: (id: string) => void;
  get: (id: string) => A | undefined;
  all: () => readonly A[];
}

export function createActionRegistry<A extends { id: string }>(initial: readonly A[] = []): ActionRegistry<A> {
  let actions: A[] = [...initial];
  return {
    register: (action) => {
      const index = actions.findIndex((other) => other.id === action.id);
      actions = index === -1 ? [...actions, action] : actions.map((other, i) => (i === index ? action : other));
    },
    unregister: (id) => {
      actions = actions.filter((action) => action.id !== id);
    },
    get: (id) => actions.find((action) => action.id === id),
    all: () => actions,
  };
}

/** Whether an entry shows: the server has what it needs, it can do something, and the viewer may. */
const isActionShown = (action: DiscussionAction, discussion: Discussion, config: DiscussionActionConfig) =>
  (action.requires === undefined || config.capabilities.has(action.requires)) &&
  (action.href !== undefined || action.perform !== undefined || action.modal !== undefined) &&
  action.isVisible(discussion, discussion.permissions ?? {}, config);

/** The shown entries by group, in the groups' order, leaving out empty groups. */
export function visibleActionGroups(
  registry: ActionRegistry<DiscussionAction>,
  discussion: Discussion,
  config: DiscussionActionConfig,
): Array<{ group: DiscussionActionGroup; actions: DiscussionAction[] }> {
  const shown = registry.all().filter((action) => isActionShown(action, discussion, config));
  return discussionActionGroups
    .map((group) => ({ group, actions: shown.filter((action) => action.group === group) }))
    .filter(({ actions }) => actions.length > 0);
}
