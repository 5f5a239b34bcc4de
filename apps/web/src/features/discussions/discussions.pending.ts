import { onDemand } from "../../ui/on-demand.ts";

/**
 * The member's own comments awaiting approval (premoderation), after the thread: loaded by the discussion page's
 * loader for members, by the page once a member is signed in, and before hydrating a page the server rendered
 * one into. Guests' reading pages never load it.
 */
export const pendingCommentsPart = onDemand(() => import("./components/PendingComments.tsx"), {
  rendered: "[data-part=pending-post]",
});
