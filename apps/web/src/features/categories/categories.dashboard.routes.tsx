import type { QueryClient } from "@tanstack/react-query";
import type { CategoryPatch, CategoryTreeItem, TrackingSlip } from "@parley/contracts";
import { categoryDisplayAs, type CategoryDisplayAs } from "@parley/contracts/categories-constants";
import { categoryPermissionNames } from "@parley/contracts/permissions-constants";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { ApiError, type ApiClient } from "../../lib/api.ts";
import { formError, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, recordIDParam } from "../../lib/route-errors.ts";
import { requirePermitted } from "../users/index.ts";
import { categoriesDashboardApi } from "./categories.dashboard.api.ts";
import { allowedTypesOf, categoryImages, ImageRefused, removeUploads } from "./categories.dashboard.media.ts";
import {
  canManageCategories,
  canSetCategoryPermissions,
  categoriesDashboardPath,
  categoryDeletionPath,
} from "./categories.dashboard.paths.ts";
import {
  categoryDashboardKeys,
  categoryDeletionQuery,
  categoryPostTypesQuery,
  categoryRolesQuery,
  categoryTreeQuery,
  dashboardCategoryQuery,
} from "./categories.dashboard.queries.ts";
import { categoryMoves, movePlace, treeEntries, type CategoryMove } from "./categories.tree.ts";
import { CategoriesDashboardPage } from "./pages/dashboard/CategoriesDashboardPage.tsx";
import { CategoryDeletePage } from "./pages/dashboard/CategoryDeletePage.tsx";
import { CategoryDeletionPage } from "./pages/dashboard/CategoryDeletionPage.tsx";
import { CategoryEditPage } from "./pages/dashboard/CategoryEditPage.tsx";
import { grantField } from "./pages/dashboard/CategoryPermissions.tsx";

const findCategory = (tree: CategoryTreeItem[], categoryID: number) =>
  treeEntries(tree).find((entry) => entry.category.categoryID === categoryID);

/**
 * `/dashboard/categories`: the tree, each category moved one step by a button (or dragged, once the page is
 * hydrated), for community.manage; `/add` and `/{id}/edit`: a category's details and, for site.manage, what each
 * role may do in it; `/{id}/delete`: asks where its discussions go first, then follows the deletion on
 * `/{id}/delete/{jobTrackingID}` (it goes on in the background, in batches). Every step is a form post, so it works
 * without JavaScript; the API checks each write again.
 */
export function createCategoriesDashboardRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const requireManager = (request: Request) =>
    requirePermitted(queryClient, api, request, canManageCategories, "Categories");
  const idParam = (raw: string | undefined) => recordIDParam(raw, "Category");
  // fetchQuery, not ensureQueryData: after a write the cached tree, category and roles are stale, and the next page
  // must show the change.
  const loadTree = () => loadOrThrow("Categories", () => queryClient.fetchQuery(categoryTreeQuery(api)));
  const refresh = () => queryClient.invalidateQueries({ queryKey: categoryDashboardKeys.all });

  /** The details form's loader: the tree (the parents to choose), the category, and the roles for site managers. */
  const editLoader = async ({ request, params }: LoaderFunctionArgs) => {
    const me = await requireManager(request);
    const categoryID = params["categoryID"] === undefined ? null : idParam(params["categoryID"]);
    await Promise.all([
      loadTree(),
      loadOrThrow("Post types", () => queryClient.fetchQuery(categoryPostTypesQuery(api))),
      categoryID === null
        ? null
        : loadOrThrow("Category", () => queryClient.fetchQuery(dashboardCategoryQuery(api, categoryID))),
      canSetCategoryPermissions(me)
        ? loadOrThrow("Roles", () => queryClient.fetchQuery(categoryRolesQuery(api)))
        : null,
    ]);
    return null;
  };

  /** Saves the details with (custom permissions on, for site managers) each role's grants in the category. */
  const editAction = async ({ request, params }: ActionFunctionArgs) => {
    const me = await requireManager(request);
    const existingID = params["categoryID"] === undefined ? null : idParam(params["categoryID"]);
    const form = await request.formData();
    const custom = formValue(form, "customPermissions") === "1";
    const values: Record<string, string> = {
      name: formValue(form, "name"),
      urlcode: formValue(form, "urlcode").trim(),
      description: formValue(form, "description"),
      parentCategoryID: formValue(form, "parentCategoryID"),
      displayAs: formValue(form, "displayAs"),
      isArchived: formValue(form, "isArchived"),
      featured: formValue(form, "featured"),
      customPermissions: custom ? "1" : "",
      grants: form.getAll("grant").map(String).join(" "),
      allowedDiscussionTypes: form.getAll("allowedDiscussionTypes").map(String).join(" "),
      allowedPostTypeIDs: form.getAll("allowedPostTypeIDs").map(String).join(" "),
    };
    const displayAs = categoryDisplayAs.includes(values["displayAs"] as CategoryDisplayAs)
      ? (values["displayAs"] as CategoryDisplayAs)
      : "discussions";
    const parentCategoryID = Number(values["parentCategoryID"]) || -1;
    const details = {
      name: values["name"]!.trim(),
      urlcode: values["urlcode"]!,
      description: values["description"]!.trim() || null,
      displayAs,
      isArchived: values["isArchived"] === "1",
      featured: values["featured"] === "1",
      // Only who sets the roles' grants turns a category's own permissions on or off: on with no grants, no one
      // could see it.
      ...(canSetCategoryPermissions(me) ? { customPermissions: custom } : {}),
      allowedDiscussionTypes: allowedTypesOf(form),
      // The site's own post types, when the form offered them (the post types add-on on).
      ...(formValue(form, "postTypesOffered") === "1"
        ? { allowedPostTypeIDs: form.getAll("allowedPostTypeIDs").map(String) }
        : {}),
      // How the category's ideas are voted on (the ideation add-on).
      ideationType: formValue(form, "ideationType") === "up-down" ? ("up-down" as const) : ("up" as const),
    };
    // The icon and banner uploaded first (refused as the file's error); deleted again if the category is refused.
    let uploaded: number[] = [];
    let saved = false;
    try {
      // Custom permissions on, for site managers: each role's grants go with the details, one request (one
      // transaction on the server), so a refusal leaves neither written.
      let permissions: Pick<CategoryPatch, "permissions"> = {};
      if (custom && canSetCategoryPermissions(me)) {
        const granted = new Set(form.getAll("grant").map(String));
        const roles = await categoriesDashboardApi.roles(api);
        permissions = {
          permissions: {
            roles: roles.map((role) => ({
              roleID: role.roleID,
              permissions: Object.fromEntries(
                categoryPermissionNames.map((name) => [name, granted.has(grantField(role.roleID, name))]),
              ),
            })),
          },
        };
      }
      const images = await categoryImages(api, form, existingID);
      uploaded = images.uploaded;
      if (existingID === null) {
        await categoriesDashboardApi.create(api, { ...details, ...images.changes, parentCategoryID, ...permissions });
      } else {
        const current = await categoriesDashboardApi.get(api, existingID);
        // The parent only when it changes: sending it moves the category to the end of the parent's children.
        const move: CategoryPatch = current.parentCategoryID === parentCategoryID ? {} : { parentCategoryID };
        await categoriesDashboardApi.patch(api, existingID, { ...details, ...images.changes, ...move, ...permissions });
      }
      saved = true;
      return redirect(`${categoriesDashboardPath}?saved=${encodeURIComponent(details.name)}`);
    } catch (error) {
      if (!saved) await removeUploads(api, uploaded);
      if (error instanceof ImageRefused && error.cause instanceof ApiError)
        return data<FormResult>(
          { values, errors: { [error.field]: error.cause.errors["file"]?.[0]?.message ?? error.cause.message } },
          { status: error.cause.status },
        );
      return formError(error, values);
    } finally {
      // The post types' categories (the new-post form's, cached under "post-types") follow the category's.
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ["post-types"] })]);
    }
  };

  return [
    {
      id: "dashboard-categories",
      path: "dashboard/categories",
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireManager(request);
        await loadTree();
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        const form = await request.formData();
        const intent = formValue(form, "intent");
        const categoryID = Number(formValue(form, "categoryID"));
        const values: Record<string, string> = {
          intent,
          categoryID: String(categoryID || ""),
          move: formValue(form, "move"),
        };
        try {
          const entry = findCategory(await categoriesDashboardApi.tree(api), categoryID);
          if (!entry) return { message: t("That category no longer exists."), values } satisfies FormResult;
          const name = entry.category.name;
          if (intent === "move") {
            const move = formValue(form, "move") as CategoryMove;
            const place = categoryMoves.includes(move) ? movePlace(entry, move) : null;
            if (!place) return { message: t("“{name}” cannot move that way.", { name }), values } satisfies FormResult;
            await categoriesDashboardApi.patch(api, categoryID, place);
          } else if (intent === "place") {
            // A drop: the parent and the position among its children, as the page worked them out.
            const parentCategoryID = Number(formValue(form, "parentCategoryID"));
            const sort = Number(formValue(form, "sort"));
            if (!Number.isInteger(parentCategoryID) || !Number.isInteger(sort)) return null;
            await categoriesDashboardApi.patch(api, categoryID, { parentCategoryID, sort });
          } else {
            return null;
          }
          return { ok: true, message: t("“{name}” has been moved.", { name }), values } satisfies FormResult;
        } catch (error) {
          return formError(error, values);
        } finally {
          await refresh();
        }
      },
      element: <CategoriesDashboardPage />,
    },
    {
      id: "dashboard-category-add",
      path: "dashboard/categories/add",
      loader: editLoader,
      action: editAction,
      element: <CategoryEditPage />,
    },
    {
      id: "dashboard-category-edit",
      path: "dashboard/categories/:categoryID/edit",
      loader: editLoader,
      action: editAction,
      element: <CategoryEditPage />,
    },
    {
      id: "dashboard-category-delete",
      path: "dashboard/categories/:categoryID/delete",
      loader: async ({ request, params }: LoaderFunctionArgs) => {
        await requireManager(request);
        const categoryID = idParam(params["categoryID"]);
        await Promise.all([
          loadTree(),
          loadOrThrow("Category", () => queryClient.fetchQuery(dashboardCategoryQuery(api, categoryID))),
        ]);
        return null;
      },
      action: async ({ request, params }: ActionFunctionArgs) => {
        await requireManager(request);
        const categoryID = idParam(params["categoryID"]);
        const form = await request.formData();
        const content = formValue(form, "content");
        const newCategoryID = Number(formValue(form, "newCategoryID"));
        const name = formValue(form, "name");
        const values: Record<string, string> = { content, newCategoryID: formValue(form, "newCategoryID"), name };
        if (content !== "move" && content !== "delete") {
          return { errors: { content: t("Choose what becomes of its discussions.") }, values } satisfies FormResult;
        }
        if (content === "move" && !(newCategoryID > 0)) {
          return { errors: { newCategoryID: t("Choose the category to move them to.") }, values } satisfies FormResult;
        }
        if (formValue(form, "confirmed") !== "yes") return { values: { ...values, confirm: "yes" } };
        let slip: TrackingSlip;
        try {
          slip = await categoriesDashboardApi.remove(api, categoryID, content === "move" ? newCategoryID : null);
        } catch (error) {
          await refresh();
          return formError(error, values);
        }
        // It goes on in the background; its progress page follows it to the end.
        return redirect(categoryDeletionPath(categoryID, slip.jobTrackingID, { name, content }));
      },
      element: <CategoryDeletePage />,
    },
    {
      id: "dashboard-category-deletion",
      path: "dashboard/categories/:categoryID/delete/:jobTrackingID",
      loader: async ({ request, params }: LoaderFunctionArgs) => {
        await requireManager(request);
        const categoryID = idParam(params["categoryID"]);
        const jobTrackingID = params["jobTrackingID"] ?? "";
        const status = await loadOrThrow("Deletion", () =>
          queryClient.fetchQuery(categoryDeletionQuery(api, jobTrackingID)),
        );
        if (status.status !== "intended") {
          // Done or stopped: the tree and the category as they are now (its own query not asked again once gone).
          await queryClient.invalidateQueries({
            queryKey: categoryDashboardKeys.category(categoryID),
            refetchType: "none",
          });
          await queryClient.invalidateQueries({ queryKey: categoryDashboardKeys.tree });
        }
        return null;
      },
      element: <CategoryDeletionPage />,
    },
  ];
}
