/** The parts of the feature that load on demand, each in its own chunk: importing this file loads none. */
export const loadDiscussionsActions = () => import("./discussions.actions.ts");
export const loadEditDiscussionPage = () => import("./pages/EditDiscussionPage.tsx");
export const loadNewDiscussionPage = () => import("./pages/NewDiscussionPage.tsx");
