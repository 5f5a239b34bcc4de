import { Link } from "react-router";
import type { Discussion } from "@parley/contracts";
import { discussionPath } from "../discussions.urls.ts";
import styles from "./DiscussionList.module.css";
import { useBulkSelection } from "./useBulkSelection.ts";
import { serverRendered } from "../../../ui/kept-html.tsx";
import type { EmptyDiscussionsProps } from "./EmptyDiscussions.tsx";

/** A discussion's facts under its title, rendered by the server only (reading pages carry none of their script). */
const DiscussionMeta = serverRendered(() => import("./DiscussionMeta.tsx").then((module) => module.DiscussionMeta));
/** An empty list's icon, sentence and next place to go, rendered by the server only too. */
const EmptyDiscussions = serverRendered(() =>
  import("./EmptyDiscussions.tsx").then((module) => module.EmptyDiscussions),
);

/**
 * Discussions with their excerpt, last poster's photo, author, category, counts, last activity and (for
 * members) what they have not read; their titles are h3 under a section's heading, h2 when the list is the page.
 */
export function DiscussionList({
  discussions,
  showCategory = true,
  headingLevel = 3,
  empty = {},
}: {
  discussions: Discussion[];
  showCategory?: boolean;
  headingLevel?: 2 | 3;
  /** What an empty list says and offers instead ("No discussions were found." unless said). */
  empty?: EmptyDiscussionsProps;
}) {
  // Moderators' checkboxes and selection toast (on demand, only when they may manage a listed discussion).
  const bulk = useBulkSelection(discussions);
  if (discussions.length === 0) return <EmptyDiscussions {...empty} />;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <>
      <ul className={styles.list}>
        {discussions.map((discussion) => {
          // The last poster's photo (Vanilla's and Discourse's lists), the author's before any comment.
          const photoUser = (discussion.countComments > 0 && discussion.lastUser) || discussion.insertUser;
          return (
            <li key={discussion.discussionID} className={styles.item}>
              {bulk && <bulk.BulkCheckbox discussion={discussion} />}
              <img className={styles.photo} src={photoUser?.photoUrl} alt="" width={40} height={40} loading="lazy" />
              <div className={styles.main}>
                <Heading className={styles.title}>
                  <Link to={discussionPath(discussion)}>{discussion.name}</Link>
                </Heading>
                {discussion.excerpt ? <p className={styles.excerpt}>{discussion.excerpt}</p> : null}
                <DiscussionMeta discussion={discussion} showCategory={showCategory} />
              </div>
            </li>
          );
        })}
      </ul>
      {bulk && <bulk.BulkSelectionToast />}
    </>
  );
}
