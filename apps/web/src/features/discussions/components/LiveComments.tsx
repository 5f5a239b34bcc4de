import { lazy, Suspense } from "react";
import { useHydrated } from "../../../ui/hydrated.ts";

const NewCommentsNotice = lazy(() =>
  import("./NewCommentsNotice.tsx").then((module) => ({ default: module.NewCommentsNotice })),
);

/**
 * The discussion page's slot for other members' new comments, live: for signed-in members, once
 * hydrated, the notice loads on demand (guests' reading pages never carry it).
 */
export function LiveComments(props: { discussionID: number; viewerID: number; shownIDs: readonly number[] }) {
  const hydrated = useHydrated();
  if (!hydrated || props.viewerID === 0) return null;
  return (
    <Suspense fallback={null}>
      <NewCommentsNotice {...props} />
    </Suspense>
  );
}
