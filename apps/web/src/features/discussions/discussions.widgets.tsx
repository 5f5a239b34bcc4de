import { useEffect } from "react";
import { redirect } from "react-router";
import { loadOrThrow, notFoundError } from "../../lib/route-errors.ts";
import { entryLink } from "../../lib/targets.ts";
import { onDemand, useOnDemand } from "../../ui/on-demand.ts";
import { Loader } from "../../ui/loader/Loader.tsx";
import { categoryListQuery } from "../categories/index.ts";
import { groupQuery } from "../../lib/group-record.ts";
import { LayoutRenderer, type WidgetRegistry } from "../layouts/index.ts";
import { reactionTypesQuery } from "../reactions/index.ts";
import { meQuery } from "../users/index.ts";
import { pendingCommentsPart } from "./discussions.pending.ts";
import { categorySearchQuery, taggingEnabledQuery } from "./components/postForm.queries.ts";
import { ignoredUsersQuery } from "../ignore/index.ts";
import { prefetchDiscussionAttachments, seesAttachments } from "../attachments/index.ts";
import { PostingGate } from "../warnings/index.ts";
import {
  commentsQuery,
  discussionListQuery,
  discussionQuery,
  editTimeoutQuery,
  ideaStatusesQuery,
} from "./discussions.queries.ts";
import { ideaOf } from "./ideas.ts";
import { questionOf } from "./questions.ts";
import { postFieldsQuery } from "../post-types/index.ts";
import { questionParts } from "./components/questionSlots.tsx";
import { DiscussionPage } from "./pages/DiscussionPage.tsx";
import { DiscussionListSection, NewDiscussionLink, discussionListParams } from "./pages/DiscussionsPage.tsx";

/**
 * The new-discussion form, members only: loaded with its page (the loader below awaits it), or before
 * hydrating when the server rendered it, so reading pages never carry it.
 */
const newDiscussionPage = onDemand(() => import("./pages/NewDiscussionPage.tsx"), {
  rendered: "[data-part=create-post]",
});

function CreatePost() {
  const { module, preload } = useOnDemand(newDiscussionPage);
  useEffect(preload, [preload]);
  // A member made read-only by warnings is told so instead of shown the form.
  return <PostingGate>{module ? <module.NewDiscussionPage /> : <Loader />}</PostingGate>;
}

/** The discussions' layout widgets: each `prefetch` fetches what the widget shows through the feature's queries. */
export const discussionWidgets = {
  "react.asset.discussionList": {
    component: ({ apiParams, actions, ...rest }) => (
      <DiscussionListSection
        params={apiParams}
        actions={actions?.length ? <LayoutRenderer widgets={actions} /> : null}
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
  },
  "react.newPostButton": {
    component: ({ categoryID }) => <NewDiscussionLink categoryID={categoryID ?? null} />,
  },
  "react.asset.discussion": {
    component: () => <DiscussionPage />,
    prefetch: ({ queryClient, api }, { discussionID, commentsApiParams: c }) =>
      Promise.all([
        loadOrThrow("Discussion", () => queryClient.ensureQueryData(discussionQuery(api, discussionID))).then(
          (loaded) =>
            Promise.all([
              // A group's discussion shows the group in its trail (without it, the API's crumbs).
              loaded.groupID ? queryClient.prefetchQuery(groupQuery(api, loaded.groupID)) : undefined,
              // The statuses an idea's moderators choose from (the ideation add-on).
              ideaOf(loaded) && loaded.permissions?.["ideation.status"]
                ? queryClient.prefetchQuery(ideaStatusesQuery(api))
                : undefined,
              // A post's field values show with their labels (the post types add-on).
              loaded.postMeta && Object.keys(loaded.postMeta).length > 0
                ? queryClient.prefetchQuery(postFieldsQuery(api, loaded.postTypeID ?? loaded.type))
                : undefined,
              // A question's accepted answers, shown under it (the QnA add-on).
              questionOf(loaded)?.status === "accepted"
                ? questionParts.load().then((parts) => parts.prefetchAcceptedAnswers(queryClient, api, discussionID))
                : undefined,
            ]),
        ),
        loadOrThrow("Discussion", () =>
          queryClient.ensureQueryData(commentsQuery(api, c.discussionID, c.page, c.limit, c.sort)),
        ),
        // The reactions row and the 'Edit (time)' labels render with the page.
        queryClient.prefetchQuery(reactionTypesQuery(api)),
        queryClient.prefetchQuery(editTimeoutQuery(api)),
        // A member's ignored members, whose posts render collapsed (guests ask nothing).
        queryClient.ensureQueryData(meQuery(api)).then((me) =>
          me.userID > 0
            ? Promise.all([
                queryClient.prefetchQuery(ignoredUsersQuery(api, me.userID)),
                // The member's own comments awaiting approval, shown to them after the thread.
                pendingCommentsPart.load().then((part) => part.prefetchPendingComments(queryClient, api, discussionID)),
                // Staff see the discussion's tickets under it, and its comments' under each (the attachments
                // add-on): the comments' of the page in one call.
                seesAttachments(me)
                  ? queryClient.ensureQueryData(commentsQuery(api, c.discussionID, c.page, c.limit, c.sort)).then(
                      (page) =>
                        prefetchDiscussionAttachments(
                          queryClient,
                          api,
                          discussionID,
                          page.items.map((comment) => comment.commentID),
                        ),
                      // The comments' own failure is the page's (above).
                      () => undefined,
                    )
                  : undefined,
              ])
            : undefined,
        ),
      ]),
  },
  "react.asset.createPost": {
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
      await page.prefetchNewPost(queryClient, api, url);
    },
  },
} satisfies WidgetRegistry;
