import type { QueryClient } from "@tanstack/react-query";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import type { Group, UserFragment } from "@parley/contracts";
import { ApiError, type ApiClient } from "../../lib/api.ts";
import { formError, formValue } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, notFoundError, type RouteErrorData } from "../../lib/route-errors.ts";
import { entryLink } from "../../lib/targets.ts";
import { discussionKeys, discussionListQuery } from "../discussions/index.ts";
import { meQuery, requireMember } from "../users/index.ts";
import {
  groupIntents,
  memberIntents,
  needsConfirmation,
  readIntent,
  readUserID,
  splitNames,
  type GroupActionResult,
} from "./groups.actions.ts";
import { groupsApi } from "./groups.api.ts";
import {
  groupApplicantsQuery,
  groupInvitationsQuery,
  groupKeys,
  groupListQuery,
  groupMembersQuery,
  groupQuery,
  groupsPerPage,
  membersPerPage,
} from "./groups.queries.ts";
import { groupPath, groupRedirect, readGroupListState, readGroupSegment, readPage } from "./groups.urls.ts";
import { canManageMembers, canReadDiscussions } from "./groups.viewer.ts";
import { groupDiscussionParams, GroupPage } from "./pages/GroupPage.tsx";
import { GroupMembersPage, leadersLimit } from "./pages/GroupMembersPage.tsx";
import { GroupsPage } from "./pages/GroupsPage.tsx";

interface RouteDeps {
  queryClient: QueryClient;
  api: ApiClient;
}

/**
 * The group a `/group/{id}-{slug}` address names: unknown, or secret to this viewer (the API may
 * answer 403 or 404), is the same "Group Not Found" page.
 */
async function loadGroup({ queryClient, api }: RouteDeps, segment: string | undefined): Promise<Group> {
  const parsed = readGroupSegment(segment);
  if (!parsed) throw notFoundError("Group");
  try {
    return await queryClient.fetchQuery(groupQuery(api, parsed.id));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) throw notFoundError("Group");
    throw error;
  }
}

/** `/groups`, `/group/{id}-{slug}` and `/group/{id}-{slug}/members` (Vanilla's Groups add-on). */
export function createGroupRoutes(deps: RouteDeps): RouteObject[] {
  const { queryClient, api } = deps;
  /**
   * After any write: the groups' data is marked stale, so the next loader reads it again (with
   * `fetchQuery`) without a refetch under the page being left (a deleted group would answer 404 there);
   * the discussions (whose visibility may have changed) are dropped.
   */
  const forget = () => {
    void queryClient.invalidateQueries({ queryKey: groupKeys.all, refetchType: "none" });
    queryClient.removeQueries({ queryKey: discussionKeys.all });
  };

  return [
    {
      id: "groups",
      path: "groups",
      loader: async ({ request }: LoaderFunctionArgs) => {
        const url = new URL(request.url);
        const state = readGroupListState(url.searchParams);
        if (!state) throw notFoundError("Page");
        const me = await queryClient.ensureQueryData(meQuery(api));
        // "My groups" is a member's list: a guest signs in first.
        if (state.filter === "mine" && me.userID === 0) throw redirect(entryLink("/entry/signin", url));
        const list = await loadOrThrow("Page", () =>
          queryClient.fetchQuery(
            groupListQuery(api, {
              ...(state.filter === "mine" ? { memberID: me.userID } : {}),
              sort: state.sort,
              page: state.page,
              limit: groupsPerPage,
            }),
          ),
        );
        if (state.page > 1 && list.items.length === 0) throw notFoundError("Page");
        return null;
      },
      element: <GroupsPage />,
    },
    {
      id: "group",
      path: "group/:group",
      loader: async ({ params, request }: LoaderFunctionArgs) => {
        const url = new URL(request.url);
        const group = await loadGroup(deps, params["group"]);
        const moved = groupRedirect(url, groupPath(group));
        if (moved) throw redirect(moved, 301);
        const page = readPage(url.searchParams.get("page"));
        if (page === null) throw notFoundError("Page");
        if (!canReadDiscussions(group)) return null;
        const list = await loadOrThrow("Group", () =>
          queryClient.ensureQueryData(
            discussionListQuery(api, groupDiscussionParams(group.groupID, page, url.searchParams)),
          ),
        );
        if (page > 1 && list.items.length === 0) throw notFoundError("Page");
        return null;
      },
      // Join, apply (with a reason), leave (confirmed), accept or decline an invitation: form posts.
      action: async ({ params, request }: ActionFunctionArgs) => {
        const me = await queryClient.ensureQueryData(meQuery(api));
        if (me.userID === 0) return redirect(entryLink("/entry/signin", new URL(request.url)));
        const group = await loadGroup(deps, params["group"]);
        const form = await request.formData();
        const intent = readIntent(form, groupIntents);
        if (!intent) return data<GroupActionResult>({ message: t("Something went wrong.") }, { status: 400 });
        if (needsConfirmation(form, intent)) return { confirm: { intent } };
        const values = { reason: formValue(form, "reason") };
        try {
          let message: string;
          switch (intent) {
            case "join":
            case "accept":
              await groupsApi.join(api, group.groupID);
              message = t("Welcome to {name}!", { name: group.name });
              break;
            case "apply":
              await groupsApi.apply(api, group.groupID, values.reason.trim());
              message = t("Your application has been sent. A leader of the group will review it.");
              break;
            case "leave":
              await groupsApi.leave(api, group.groupID);
              message = t("You have left {name}.", { name: group.name });
              break;
            case "decline":
              await groupsApi.withdraw(api, group.groupID, me.userID);
              message = t("You have declined the invitation.");
              break;
          }
          return { ok: true, message };
        } catch (error) {
          return formError(error, values);
        } finally {
          forget();
        }
      },
      element: <GroupPage />,
    },
    {
      id: "group-members",
      path: "group/:group/members",
      loader: async ({ params, request }: LoaderFunctionArgs) => {
        const url = new URL(request.url);
        const group = await loadGroup(deps, params["group"]);
        const moved = groupRedirect(url, groupPath(group), "/members");
        if (moved) throw redirect(moved, 301);
        const page = readPage(url.searchParams.get("page"));
        if (page === null) throw notFoundError("Page");
        // A private group's members are its members' business: the page says so.
        if (!canReadDiscussions(group)) return null;
        const [members] = await loadOrThrow("Group", () =>
          Promise.all([
            queryClient.fetchQuery(
              groupMembersQuery(api, group.groupID, { role: "member", page, limit: membersPerPage }),
            ),
            queryClient.fetchQuery(
              groupMembersQuery(api, group.groupID, { role: "leader", page: 1, limit: leadersLimit }),
            ),
            canManageMembers(group) ? queryClient.fetchQuery(groupApplicantsQuery(api, group.groupID)) : null,
            canManageMembers(group) ? queryClient.fetchQuery(groupInvitationsQuery(api, group.groupID)) : null,
          ]),
        );
        if (page > 1 && members.items.length === 0) throw notFoundError("Page");
        return null;
      },
      // The leaders' work: roles, removals (confirmed), applicants, invitations.
      action: async ({ params, request }: ActionFunctionArgs) => {
        await requireMember(queryClient, api, request);
        const group = await loadGroup(deps, params["group"]);
        if (!canManageMembers(group)) throw data<RouteErrorData>({ type: "Group" }, { status: 403 });
        const form = await request.formData();
        const intent = readIntent(form, memberIntents);
        const userID = readUserID(form);
        const values = { names: formValue(form, "names") };
        if (!intent || (intent !== "invite" && userID === null))
          return data<GroupActionResult>({ message: t("Something went wrong.") }, { status: 400 });
        if (needsConfirmation(form, intent))
          return { confirm: { intent, userID: userID!, name: formValue(form, "name") } };
        try {
          const message = await runMemberIntent(api, group, intent, userID!, form, values.names);
          if (typeof message !== "string") return message;
          return { ok: true, message };
        } catch (error) {
          return formError(error, values, { userIDs: "names" });
        } finally {
          forget();
        }
      },
      element: <GroupMembersPage />,
    },
  ];
}

/** Carries out a leader's intent; answers the message to show, or the invite form's error. */
async function runMemberIntent(
  api: ApiClient,
  group: Group,
  intent: (typeof memberIntents)[number],
  userID: number,
  form: FormData,
  names: string,
): Promise<string | ReturnType<typeof data<GroupActionResult>>> {
  const id = group.groupID;
  switch (intent) {
    case "role": {
      const role = formValue(form, "role") === "leader" ? "leader" : "member";
      await groupsApi.setRole(api, id, userID, role);
      return role === "leader" ? t("The member is now a leader.") : t("The leader is now a member.");
    }
    case "remove":
      await groupsApi.removeMember(api, id, userID);
      return t("The member has been removed from the group.");
    case "approve":
      await groupsApi.decide(api, id, userID, "approved");
      return t("The application has been approved.");
    case "deny":
      await groupsApi.decide(api, id, userID, "denied");
      return t("The application has been denied.");
    case "withdraw":
      await groupsApi.withdraw(api, id, userID);
      return t("The invitation has been withdrawn.");
    case "invite": {
      const wanted = splitNames(names);
      const invalid = (message: string) =>
        data<GroupActionResult>({ errors: { names: message }, values: { names } }, { status: 400 });
      if (wanted.length === 0) return invalid(t("Name at least one member to invite."));
      const found = await Promise.all(wanted.map((name) => findUserByName(api, name)));
      const missing = wanted.filter((_, index) => !found[index]);
      if (missing.length) return invalid(t("No member is named {names}.", { names: missing.join(", ") }));
      await groupsApi.invite(
        api,
        id,
        found.map((user) => user!.userID),
      );
      return wanted.length === 1
        ? t("{name} has been invited.", { name: found[0]!.name })
        : t("{count} members have been invited.", { count: String(wanted.length) });
    }
  }
}

/** A member by their exact name (case-insensitive), through `GET /users/by-names`. */
async function findUserByName(api: ApiClient, name: string): Promise<UserFragment | null> {
  const users = await groupsApi.usersByNames(api, name, 10);
  return users.find((user) => user.name.toLowerCase() === name.toLowerCase()) ?? null;
}
