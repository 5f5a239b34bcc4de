import type { QueryClient } from "@tanstack/react-query";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, notFoundError, pageParam } from "../../lib/route-errors.ts";
import { requirePermitted } from "../users/index.ts";
import { tagsApi } from "./tags.api.ts";
import { canManageTags, tagKeys, tagsQuery } from "./tags.queries.ts";
import { TagsPage } from "./pages/TagsPage.tsx";

/**
 * `/dashboard/tags`: the site's tags with their discussions' counts, for community.manage: add, rename, merge
 * one into another and delete an unused one. Merging and deleting ask first (a second form post), so every
 * step works without JavaScript.
 */
export function createTagsRoutes({ queryClient, api }: { queryClient: QueryClient; api: ApiClient }): RouteObject[] {
  const requireManager = (request: Request) => requirePermitted(queryClient, api, request, canManageTags, "Tags");

  /** A merge's target, by its name as typed (any case): the tag, or the form's answer why not. */
  const mergeTarget = async (tagID: number, typed: string, values: Record<string, string>) => {
    if (!typed) return formInvalid({ into: t("Name the tag to merge into.") }, values);
    const target = (await tagsApi.named(api, typed)).find((tag) => tag.name.toLowerCase() === typed.toLowerCase());
    if (!target) return formInvalid({ into: t("There is no tag named “{name}”.", { name: typed }) }, values);
    if (target.tagID === tagID) return formInvalid({ into: t("A tag cannot be merged into itself.") }, values);
    return target;
  };

  return [
    {
      id: "tags",
      path: "dashboard/tags",
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireManager(request);
        const search = new URL(request.url).searchParams;
        const page = pageParam(search);
        if (page === null) throw notFoundError();
        const query = (search.get("query") ?? "").trim();
        const list = await loadOrThrow("Tags", () => queryClient.ensureQueryData(tagsQuery(api, page, query)));
        if (page > 1 && list.items.length === 0) throw notFoundError();
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        const form = await request.formData();
        const intent = formValue(form, "intent");
        const tagID = Number(formValue(form, "tagID"));
        const name = formValue(form, "name").trim();
        const confirmed = formValue(form, "confirmed") === "yes";
        const values: Record<string, string> = { intent, tagID: String(tagID || ""), name };
        try {
          if (intent === "add") {
            const tag = await tagsApi.create(api, name);
            return {
              ok: true,
              message: t("The tag “{name}” has been added.", { name: tag.name }),
            } satisfies FormResult;
          }
          if (intent === "rename" && tagID) {
            const tag = await tagsApi.rename(api, tagID, name);
            return {
              ok: true,
              message: t("The tag has been renamed “{name}”.", { name: tag.name }),
            } satisfies FormResult;
          }
          if (intent === "merge" && tagID) {
            const into = formValue(form, "into").trim();
            const target = await mergeTarget(tagID, into, { ...values, into });
            if (!("tagID" in target)) return target;
            if (!confirmed)
              return {
                values: {
                  ...values,
                  confirm: "merge",
                  into: target.name,
                  intoTagID: String(target.tagID),
                  count: formValue(form, "count"),
                },
              } satisfies FormResult;
            const kept = await tagsApi.merge(api, tagID, target.tagID);
            return {
              ok: true,
              message: t("“{name}” has been merged into “{into}”, which now tags {count} discussions.", {
                name,
                into: kept.name,
                count: kept.countDiscussions,
              }),
            } satisfies FormResult;
          }
          if (intent === "delete" && tagID) {
            if (!confirmed) return { values: { ...values, confirm: "delete" } } satisfies FormResult;
            await tagsApi.remove(api, tagID);
            return { ok: true, message: t("The tag “{name}” has been deleted.", { name }) } satisfies FormResult;
          }
          return null;
        } catch (error) {
          return formError(error, values);
        } finally {
          await queryClient.invalidateQueries({ queryKey: tagKeys.all });
        }
      },
      element: <TagsPage />,
    },
  ];
}
