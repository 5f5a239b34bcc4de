import type { QueryClient } from "@tanstack/react-query";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { groupPaths } from "@parley/contracts/groups-constants";
import { ApiError, type ApiClient } from "../../lib/api.ts";
import { formError, formInvalid } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { notFoundError, type RouteErrorData } from "../../lib/route-errors.ts";
import { discussionKeys } from "../discussions/index.ts";
import { requireMember } from "../users/index.ts";
import { needsConfirmation, type GroupActionResult } from "./groups.actions.ts";
import { groupsApi } from "./groups.api.ts";
import { groupBody, groupFormErrors, readGroupForm } from "./groups.form.ts";
import { groupKeys, groupQuery } from "./groups.queries.ts";
import { groupPath, readID } from "./groups.urls.ts";
import { canAddGroups, canDeleteGroup, canEditGroup } from "./groups.viewer.ts";
import { GroupEditorPage } from "./pages/GroupEditorPage.tsx";

const fieldMessages = () => ({
  name: t("Give the group a name."),
  nameLength: t("The name is too long."),
  descriptionLength: t("The description is too long."),
  privacy: t("Choose who can see the group."),
  url: t("Enter an address starting with https://, or leave it empty."),
});

/**
 * The group editor: `/group/add` (`groups.add`) and `/group/{id}/edit` (the group's `edit` permission:
 * leaders, `groups.moderate`), and there Delete (confirmed). Guests sign in first; others get the 403
 * page. Plain form posts; saving goes to the group's page.
 */
export function createGroupEditorRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const forbidden = () => data<RouteErrorData>({ type: "Group" }, { status: 403 });
  const loadEditable = async (request: Request, segment: string | undefined) => {
    await requireMember(queryClient, api, request);
    const groupID = readID(segment);
    if (groupID === null) throw notFoundError("Group");
    try {
      const group = await queryClient.fetchQuery(groupQuery(api, groupID));
      if (!canEditGroup(group)) throw forbidden();
      return group;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 403 || error.status === 404)) throw notFoundError("Group");
      throw error;
    }
  };
  /** After a write: the groups' data marked stale (the next loader reads it again), the discussions dropped. */
  const forget = () => {
    void queryClient.invalidateQueries({ queryKey: groupKeys.all, refetchType: "none" });
    queryClient.removeQueries({ queryKey: discussionKeys.all });
  };
  const save = async (form: FormData, groupID: number | null) => {
    const values = readGroupForm(form);
    const errors = groupFormErrors(values, fieldMessages());
    if (Object.keys(errors).length) return formInvalid(errors, { ...values });
    try {
      const body = groupBody(values);
      const group = groupID ? await groupsApi.update(api, groupID, body) : await groupsApi.create(api, body);
      forget();
      return redirect(groupPath(group));
    } catch (error) {
      return formError(error, { ...values });
    }
  };

  return [
    {
      id: "group-add",
      path: "group/add",
      loader: async ({ request }: LoaderFunctionArgs) => {
        const me = await requireMember(queryClient, api, request);
        if (!canAddGroups(me)) throw forbidden();
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        const me = await requireMember(queryClient, api, request);
        if (!canAddGroups(me)) throw forbidden();
        return save(await request.formData(), null);
      },
      element: <GroupEditorPage />,
    },
    {
      id: "group-edit",
      path: "group/:groupID/edit",
      loader: async ({ request, params }: LoaderFunctionArgs) => {
        await loadEditable(request, params["groupID"]);
        return null;
      },
      action: async ({ request, params }: ActionFunctionArgs) => {
        const group = await loadEditable(request, params["groupID"]);
        const form = await request.formData();
        if (form.get("intent") !== "delete") return save(form, group.groupID);
        if (!canDeleteGroup(group)) throw forbidden();
        if (needsConfirmation(form, "delete")) return { confirm: { intent: "delete" } } satisfies GroupActionResult;
        try {
          await groupsApi.remove(api, group.groupID);
          forget();
          return redirect(groupPaths.list);
        } catch (error) {
          return formError(error, {});
        }
      },
      element: <GroupEditorPage />,
    },
  ];
}
