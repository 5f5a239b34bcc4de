import { useEffect } from "react";
import { PostingGate } from "../../warnings/index.ts";
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import { Link, useLocation, useParams } from "react-router";
import { defaultCommentSort, readCommentSort, type CommentPageSort } from "@parley/contracts/discussion-sorts";
import { pagerLimits } from "@parley/contracts/shell-limits";
import type { Comment, Discussion } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { entryLink } from "../../../lib/targets.ts";
import { tagListPath } from "../../../lib/list-params.ts";
import { Loader } from "../../../ui/loader/Loader.tsx";
import { onDemand, useOnDemand } from "../../../ui/on-demand.ts";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { meQuery } from "../../users/index.ts";
import { groupDiscussionCrumbs, groupQuery } from "../../../lib/group-record.ts";
import { useCollapsibleQuotes } from "../../../ui/collapsible/useCollapsibleQuotes.ts";
import { LiveComments } from "../components/LiveComments.tsx";
import { QuestionPart } from "../components/questionSlots.tsx";
import { questionOf } from "../questions.ts";
import { IdeaPart } from "../components/ideaSlots.tsx";
import { ideaOf } from "../ideas.ts";
import { PollPart } from "../components/pollSlots.tsx";
import { pollOf } from "../polls.ts";
import { CommentPost } from "../components/CommentPost.tsx";
import actionStyles from "../components/DiscussionActions.module.css";
import { DiscussionHeaderActions, DiscussionMainPost } from "../components/DiscussionMainPost.tsx";
import { discussionsApi } from "../discussions.api.ts";
import { commentsQuery, discussionQuery, markListedRead } from "../discussions.queries.ts";
import { commentSortOptions } from "../discussions.sorts.ts";
import { SortSelect } from "../../../ui/sort-select/SortSelect.tsx";
import { useBulkSelection } from "../components/useBulkSelection.ts";
import { discussionPagePath, discussionPath } from "../discussions.urls.ts";
import { pendingCommentsPart } from "../discussions.pending.ts";
import styles from "./DiscussionPage.module.css";
import { Breadcrumbs } from "../../../ui/breadcrumbs/Breadcrumbs.tsx";

/** The page of a discussion the URL asks for: `/discussion/{id}/{slug}/p{n}` (or `/discussion/{id}/p{n}`). */
export function readDiscussionParams(params: Record<string, string | undefined>): { id: number; page: number } | null {
  const id = Number(params["id"]);
  if (!Number.isInteger(id) || id < 1) return null;
  const segment = params["pageSegment"] ?? (/^p\d+$/.test(params["slug"] ?? "") ? params["slug"] : undefined);
  if (segment === undefined) return { id, page: 1 };
  const match = /^p([1-9]\d{0,5})$/.exec(segment);
  return match ? { id, page: Number(match[1]) } : null;
}

/** The query string with another comment order; the default order is left out (spec §2). */
function withCommentSort(search: string, sort: CommentPageSort): string {
  const params = new URLSearchParams(search);
  if (sort === defaultCommentSort) params.delete("sort");
  else params.set("sort", sort);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** schema.org DiscussionForumPosting for search engines (the post and this page's comments). */
function structuredData(discussion: Discussion, comments: Comment[], origin: string) {
  const person = (user: Comment["insertUser"]) => ({
    "@type": "Person",
    name: user?.name ?? "Unknown User",
    url: user?.url,
  });
  return {
    "@context": "https://schema.org",
    "@type": "DiscussionForumPosting",
    "@id": discussion.url,
    headline: discussion.name,
    text: discussion.excerpt ?? "",
    url: discussion.url,
    datePublished: discussion.dateInserted,
    ...(discussion.dateUpdated ? { dateModified: discussion.dateUpdated } : {}),
    author: person(discussion.insertUser),
    interactionStatistic: {
      "@type": "InteractionCounter",
      interactionType: "https://schema.org/CommentAction",
      userInteractionCount: discussion.countComments,
    },
    ...(discussion.category
      ? { isPartOf: { "@type": "WebPage", name: discussion.category.name, url: discussion.category.url } }
      : {}),
    comment: comments.map((comment) => ({
      "@type": "Comment",
      url: `${origin}${new URL(comment.url).pathname}#Comment_${comment.commentID}`,
      datePublished: comment.dateInserted,
      author: person(comment.insertUser),
      text: (comment.body ?? "")
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 500),
    })),
  };
}

/** `/discussion/{id}/{slug}[/p{n}]`: the post, its comments paged, and the reply form. */
/**
 * Tells the server the discussion was read (`POST /tick`), once per discussion opened, not per page of
 * its comments: counted from the browser, so a guest's cached page counts too. Failures are logged
 * only (spec §7).
 */
function useViewCounted(discussionID: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  useEffect(() => {
    discussionsApi
      .viewed(api, discussionID, { url: window.location.href, referrer: document.referrer })
      // The server marks it read for a member: so do the lists already fetched, for the way back.
      .then(() => markListedRead(queryClient, discussionID))
      .catch((error: unknown) => console.warn("The view was not counted.", error));
  }, [api, queryClient, discussionID]);
}

export function DiscussionPage() {
  const api = useApi();
  const location = useLocation();
  const parsed = readDiscussionParams(useParams())!;
  const limit = pagerLimits.commentsPerPage;
  const { data: discussion } = useSuspenseQuery(discussionQuery(api, parsed.id));
  const sort = readCommentSort(new URLSearchParams(location.search).get("sort"));
  const { data: comments } = useSuspenseQuery(commentsQuery(api, parsed.id, parsed.page, limit, sort));
  const { data: me } = useQuery(meQuery(api));
  // A group's discussion: Groups › the group in its trail (the group comes with the page, see widgets.tsx).
  const { data: group } = useQuery({
    ...groupQuery(api, discussion.groupID ?? 0),
    enabled: Boolean(discussion.groupID),
  });
  // A reply names the comment it answers when that comment is on this page.
  const authorsOnPage = new Map(
    comments.items.map((comment) => [comment.commentID, comment.insertUser?.name ?? t("Unknown User")]),
  );
  useCollapsibleQuotes(discussion, comments);
  useViewCounted(discussion.discussionID);
  const base = discussionPath(discussion);
  const origin = new URL(discussion.url).origin;
  const canComment = discussion.permissions?.["comments.add"] ?? false;
  // Moderators' comment selection (split, delete): on demand, when they manage the discussion.
  const bulk = useBulkSelection([discussion]);
  return (
    <>
      <PageHead
        title={discussion.name}
        canonical={discussionPagePath(base, parsed.page)}
        // A moderator's canonical address (another copy of the discussion) replaces the page's own.
        canonicalUrl={discussion.canonicalUrl !== discussion.url ? discussion.canonicalUrl : undefined}
        {...(discussion.excerpt ? { description: discussion.excerpt } : {})}
        type="article"
        // The head is the server's: the browser's build drops what only it reads (the structured data, the image).
        {...(import.meta.env.SSR
          ? { imageFrom: discussion.body, jsonLd: [structuredData(discussion, comments.items, origin)] }
          : {})}
      />
      <Breadcrumbs crumbs={groupDiscussionCrumbs(discussion.breadcrumbs ?? [], group, t("Groups"))} />
      <header className={styles.header}>
        <div className={actionStyles.titleRow}>
          <h1 className={styles.title}>{discussion.name}</h1>
          <DiscussionHeaderActions discussion={discussion} />
        </div>
        {discussion.tags && discussion.tags.length > 0 ? (
          <ul className={styles.tags} aria-label={t("Tags")}>
            {discussion.tags.map((tag) => (
              <li key={tag.tagID}>
                <Link to={tagListPath(tag.urlcode)} className={styles.tag}>
                  {tag.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </header>
      {parsed.page === 1 && pollOf(discussion) ? (
        <PollPart part="PollPanel" discussion={discussion} poll={pollOf(discussion)!} />
      ) : null}
      {parsed.page === 1 ? <DiscussionMainPost discussion={discussion} /> : null}
      {ideaOf(discussion) ? <IdeaPart part="IdeaPanel" discussion={discussion} idea={ideaOf(discussion)!} /> : null}
      {parsed.page === 1 && questionOf(discussion)?.status === "accepted" ? (
        <QuestionPart part="AcceptedAnswers" discussion={discussion} />
      ) : null}
      <h2 className={styles.commentsTitle}>
        {discussion.countComments === 1 ? t("1 Comment") : t("{count} Comments", { count: discussion.countComments })}
      </h2>
      {discussion.countComments > 1 ? (
        <SortSelect
          options={commentSortOptions}
          current={sort}
          href={(next) => discussionPagePath(base, 1, withCommentSort(location.search, next))}
          action={base}
          label={t("Sort comments")}
        />
      ) : null}
      {comments.items.map((comment) => (
        <CommentPost
          key={comment.commentID}
          comment={comment}
          discussion={discussion}
          pageKey={commentsQuery(api, parsed.id, parsed.page, limit, sort).queryKey}
          bulk={bulk}
          parentAuthor={comment.parentCommentID === undefined ? undefined : authorsOnPage.get(comment.parentCommentID)}
        />
      ))}
      {/* The viewer's own comments held for approval, after the thread (theirs alone to see). */}
      <PendingCommentsSlot discussionID={parsed.id} />
      {bulk ? <bulk.CommentSelectionToast discussionID={parsed.id} /> : null}
      {/* Other members' new comments, live (members only). */}
      <LiveComments
        discussionID={parsed.id}
        viewerID={me?.userID ?? 0}
        shownIDs={comments.items.map((comment) => comment.commentID)}
      />
      <Pager
        page={parsed.page}
        limit={limit}
        total={discussion.countComments}
        href={(n) => discussionPagePath(base, n, location.search)}
        label={t("Comment pages")}
      />
      <section className={styles.replyBox} aria-labelledby="reply-title">
        <h2 id="reply-title" className={styles.commentsTitle}>
          {t("Leave a Comment")}
        </h2>
        {me && me.userID === 0 ? (
          <p className={styles.notice}>
            <Link to={entryLink("/entry/signin", location)}>{t("Sign in")}</Link> {t("or")}{" "}
            <Link to={entryLink("/entry/register", location)}>{t("register")}</Link> {t("to comment.")}
          </p>
        ) : canComment ? (
          // A member made read-only by warnings is told why instead of shown the form.
          <PostingGate>
            <OnDemandCommentForm discussionID={parsed.id} />
          </PostingGate>
        ) : (
          <p className={styles.notice}>
            {discussion.closed
              ? t("This discussion has been closed.")
              : t("You don't have permission to comment here.")}
          </p>
        )}
      </section>
    </>
  );
}

/**
 * The reply form is for members only, so it comes on demand: before hydrating when the server rendered
 * it, else when a member's page shows it. Guests' reading pages never load it (nor the editor).
 */
const commentForm = onDemand(() => import("../components/CommentForm.tsx"), { rendered: "[data-part=comment-form]" });

/**
 * The member's own comments awaiting approval, after the thread: their part loads once a member is signed in
 * (guests never load it), so a comment held after this page rendered shows as soon as the page refreshes.
 */
function PendingCommentsSlot({ discussionID }: { discussionID: number }) {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const { module: part, preload } = useOnDemand(pendingCommentsPart);
  const signedIn = (me?.userID ?? 0) > 0;
  useEffect(() => {
    if (signedIn) preload();
  }, [signedIn, preload]);
  return part ? <part.PendingComments discussionID={discussionID} /> : null;
}

function OnDemandCommentForm({ discussionID }: { discussionID: number }) {
  const { module, preload } = useOnDemand(commentForm);
  useEffect(preload, [preload]);
  return module ? <module.CommentForm discussionID={discussionID} /> : <Loader />;
}
