import { useEffect } from "react";
import { redirect } from "react-router";
import type { LayoutWidget } from "@parley/contracts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, notFoundError } from "../../lib/route-errors.ts";
import { entryLink } from "../../lib/targets.ts";
import { categoryListQuery, categoryQuery } from "../categories/categories.queries.ts";
import type { CategoryListParams } from "../categories/categories.api.ts";
import { CategoriesPage } from "../categories/pages/CategoriesPage.tsx";
import { CategoryBreadcrumbs, CategoryHeader, Subcategories } from "../categories/pages/CategoryPage.tsx";
import {
  commentsQuery,
  discussionListQuery,
  discussionQuery,
  editTimeoutQuery,
} from "../discussions/discussions.queries.ts";
import { reactionTypesQuery } from "../reactions/index.ts";
import { DiscussionPage } from "../discussions/pages/DiscussionPage.tsx";
import {
  DiscussionListSection,
  NewDiscussionLink,
  discussionListParams,
  type DiscussionListSectionProps,
} from "../discussions/pages/DiscussionsPage.tsx";
import { categorySearchQuery, taggingEnabledQuery } from "../discussions/components/postForm.queries.ts";
import { meQuery } from "../users/users.queries.ts";
import { groupQuery } from "../groups/index.ts";
import { LayoutRenderer } from "./LayoutRenderer.tsx";
import { onDemand, useOnDemand } from "../../ui/on-demand.ts";
import { Loader } from "../../ui/loader/Loader.tsx";
import { SectionFullWidth, SectionOneColumn, SectionThreeColumns, SectionTwoColumns } from "./Sections.tsx";
import { defineWidget, widgetsOf, type WidgetRegistry } from "./widgetRegistry.ts";
import styles from "../categories/pages/CategoriesPage.module.css";

/*
 * The widgets of the default layouts: sections, and asset widgets that are the reading and posting
 * pages' parts. Each asset's `prefetch` fetches what it shows through the features' own queries.
 */

interface CategoryListProps {
  apiParams: CategoryListParams;
  variant: "home" | "categories" | "subcategories";
}

const categoryList = defineWidget<CategoryListProps>({
  component: ({ apiParams, variant }) =>
    variant === "subcategories" ? (
      <Subcategories parentCategoryID={apiParams.parentCategoryID ?? -1} />
    ) : (
      <CategoriesPage home={variant === "home"} params={apiParams} />
    ),
  prefetch: ({ queryClient, api }, { apiParams }) =>
    loadOrThrow("Category", () => queryClient.ensureQueryData(categoryListQuery(api, apiParams))),
});

const categoryHeader = defineWidget<{ categoryCode: string; page: number }>({
  component: ({ categoryCode, page }) => <CategoryHeader code={categoryCode} page={page} />,
  prefetch: ({ queryClient, api }, { categoryCode }) =>
    loadOrThrow("Category", () => queryClient.ensureQueryData(categoryQuery(api, categoryCode))),
});

/** A category's trail (a discussion's is part of the discussion asset, which renders the API's breadcrumbs). */
interface BreadcrumbsProps {
  recordType: string;
  recordID: string | number;
}

const breadcrumbs = defineWidget<BreadcrumbsProps>({
  component: ({ recordType, recordID }) =>
    recordType === "category" ? <CategoryBreadcrumbs code={String(recordID)} /> : null,
  prefetch: async ({ queryClient, api }, { recordType, recordID }) => {
    if (recordType !== "category") return;
    await loadOrThrow("Category", () => queryClient.ensureQueryData(categoryQuery(api, String(recordID))));
  },
});

interface DiscussionListProps extends Omit<DiscussionListSectionProps, "params" | "actions"> {
  apiParams: DiscussionListSectionProps["params"];
  actions?: LayoutWidget[];
}

const discussionList = defineWidget<DiscussionListProps>({
  component: ({ apiParams, actions, ...rest }) => (
    <DiscussionListSection
      params={apiParams}
      actions={actions?.length ? <LayoutRenderer widgets={widgetsOf(actions)} /> : null}
      {...rest}
    />
  ),
  prefetch: async ({ queryClient, api }, { apiParams }) => {
    const type = apiParams.categoryID !== undefined ? "Category" : "Page";
    const list = await loadOrThrow(type, () =>
      queryClient.ensureQueryData(discussionListQuery(api, discussionListParams(apiParams))),
    );
    if (apiParams.page > 1 && list.items.length === 0) throw notFoundError();
  },
});

const newPostButton = defineWidget<{ categoryID?: number | null }>({
  component: ({ categoryID }) => <NewDiscussionLink categoryID={categoryID ?? null} />,
});

/** A title and description block (`title` is translated when the layout says it is one of the app's sentences). */
const html = defineWidget<{ title?: string; description?: string; translate?: boolean }>({
  component: ({ title, description, translate }) => (
    <header className={styles.header}>
      {title ? <h1 className={styles.title}>{translate ? t(title) : title}</h1> : null}
      {description ? <p className={styles.description}>{description}</p> : null}
    </header>
  ),
});

interface DiscussionProps {
  discussionID: number;
  page: number;
  commentsApiParams: { discussionID: number; page: number; limit: number; sort: string };
}

const discussion = defineWidget<DiscussionProps>({
  component: () => <DiscussionPage />,
  prefetch: ({ queryClient, api }, { discussionID, commentsApiParams: c }) =>
    Promise.all([
      loadOrThrow("Discussion", () => queryClient.ensureQueryData(discussionQuery(api, discussionID))).then(
        // A group's discussion shows the group in its trail (without it, the API's crumbs).
        (loaded) => (loaded.groupID ? queryClient.prefetchQuery(groupQuery(api, loaded.groupID)) : undefined),
      ),
      loadOrThrow("Discussion", () =>
        queryClient.ensureQueryData(commentsQuery(api, c.discussionID, c.page, c.limit, c.sort)),
      ),
      // The reactions row and the 'Edit (time)' labels render with the page.
      queryClient.prefetchQuery(reactionTypesQuery(api)),
      queryClient.prefetchQuery(editTimeoutQuery(api)),
    ]),
});

/**
 * The new-discussion form, members only: loaded with its page (the loader below awaits it), or before
 * hydrating when the server rendered it, so reading pages never carry it.
 */
const newDiscussionPage = onDemand(() => import("../discussions/pages/NewDiscussionPage.tsx"), {
  rendered: "[data-part=create-post]",
});

function CreatePost() {
  const { module, preload } = useOnDemand(newDiscussionPage);
  useEffect(preload, [preload]);
  if (!module) return <Loader />;
  return <module.NewDiscussionPage />;
}

const createPost = defineWidget<{ postType: string; categoryID: number | null }>({
  component: () => <CreatePost />,
  // Guests are sent to sign in first, coming back here afterwards. In a group (`social-groups?groupid=`),
  // the group comes with the page (the form's chunk knows how to load it).
  prefetch: async ({ queryClient, api, url }) => {
    const [me, page] = await Promise.all([
      queryClient.ensureQueryData(meQuery(api)),
      newDiscussionPage.load(),
      queryClient.ensureQueryData(categoryListQuery(api, { maxDepth: 5 })),
      // The category picker's full list, and whether the tags field shows.
      queryClient.prefetchQuery(categorySearchQuery(api, "")),
      queryClient.prefetchQuery(taggingEnabledQuery(api)),
    ]);
    if (me.userID === 0) throw redirect(entryLink("/entry/signin", url));
    const groupID = page.readParentGroupID(url);
    if (groupID !== null) await page.loadParentGroup(queryClient, api, groupID);
  },
});

/** The widgets the default layouts use, by `$reactComponent`. */
export const defaultWidgets: WidgetRegistry = {
  "react.section.1-column": defineWidget({ component: SectionOneColumn }),
  "react.section.2-columns": defineWidget({ component: SectionTwoColumns }),
  "react.section.3-columns": defineWidget({ component: SectionThreeColumns }),
  "react.section.full-width": defineWidget({ component: SectionFullWidth }),
  "react.breadcrumbs": breadcrumbs,
  "react.html": html,
  "react.newPostButton": newPostButton,
  "react.asset.categoryList": categoryList,
  "react.asset.categoryHeader": categoryHeader,
  "react.asset.discussionList": discussionList,
  "react.asset.discussion": discussion,
  "react.asset.createPost": createPost,
};
