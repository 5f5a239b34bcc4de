/** The discussions' surface for other features: queries and cache refresh, the list and discussion pages the layouts place, the post form's queries. */
export { discussionKeys, discussionListQuery, discussionQuery, discussionSourceQuery } from "./discussions.queries.ts";
export { listExpand, type DiscussionListParams } from "./discussions.api.ts";
export { DiscussionListSection } from "./pages/DiscussionsPage.tsx";
export { DiscussionList } from "./components/DiscussionList.tsx";
export type { createDiscussionActions } from "./discussions.actions.ts";
export { refreshDiscussion } from "./discussions.refresh.ts";
// Loaders of the on-demand parts: in their own module, so this file stays pure re-exports (a bundle takes
// from it only what an importer uses).
export { loadDiscussionsActions, loadEditDiscussionPage, loadNewDiscussionPage } from "./discussions.lazy.ts";
export { discussionWidgets } from "./discussions.widgets.tsx";
// The Report action for records outside discussions (private messages).
export { ReportAction } from "./moderation/ReportAction.tsx";
