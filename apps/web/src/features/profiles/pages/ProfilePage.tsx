import { useSuspenseQuery } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import { Link, useActionData, useParams, useSearchParams } from "react-router";
import { decodeUserSegment, profilePath, type ProfileTab } from "@parley/contracts/urls";
import { limits } from "@parley/contracts/limits";
import type { Comment, User } from "@parley/contracts";
import type { FormResult } from "../../../lib/forms.ts";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { formatCount } from "../../../lib/numbers.ts";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { DiscussionList } from "../../discussions/index.ts";
import { IgnoredDisclosure, IgnoreForm, ignoreStateQuery } from "../../ignore/index.ts";
import { accountPagePath, profileEditPagePath } from "../../account/index.ts";
import { privacyPagePath } from "@parley/contracts/privacy-constants";
import { meQuery } from "../../users/index.ts";
import { ProfileFieldValues, profileFieldsQuery } from "../../profile-fields/index.ts";
import { canManageBanRules, canSeeIpAddresses, IpAddressesPanel } from "../../bans/index.ts";
import { profileWarningsPart } from "../../warnings/index.ts";
import { ProfileBadges, RankLabel } from "../../reputation/index.ts";
import { useOnDemand } from "../../../ui/on-demand.ts";
import {
  profileCommentsQuery,
  profileDiscussionsQuery,
  profileReactedCommentsQuery,
  profileReactedDiscussionsQuery,
  profileUserQuery,
} from "../profiles.queries.ts";
import styles from "./ProfilePage.module.css";
import tabStyles from "../../../ui/tabs/Tabs.module.css";
import { listPath } from "../../../lib/list-params.ts";
import { EmptyState } from "../../../ui/empty-state/EmptyState.tsx";
import { CommentIcon } from "../../../ui/icons/more.tsx";
import { reactionName } from "../../reactions/index.ts";

/** Items on the overview's recent lists, and per page of a profile tab. */
export const profileLimits = { overview: 5, page: limits.pager.defaultPageLimit } as const;

export const readProfileName = (segment: string | undefined) => decodeUserSegment(segment ?? "");

export const readProfilePage = (search: URLSearchParams) =>
  Math.max(1, Math.min(limits.api.maxPage, Number.parseInt(search.get("page") ?? "1", 10) || 1));

const tabHref = (name: string, tab: ProfileTab | undefined, page = 1) =>
  profilePath(name, tab) + (page > 1 ? `?page=${page}` : "");

const reactionHref = (name: string, urlcode: string, page = 1) =>
  `${profilePath(name, "reactions")}?reaction=${encodeURIComponent(urlcode)}${page > 1 ? `&page=${page}` : ""}`;

/** The `?reaction=` urlcode when the member received at least one reaction of that type, else null. */
export function receivedReaction(user: Pick<User, "reactionsReceived">, selected: string | null): string | null {
  if (!selected) return null;
  const reaction = user.reactionsReceived?.[selected];
  return reaction && reaction.count > 0 ? selected : null;
}

/** Whether the viewer sees only the restricted card: a private profile of someone else, or a banned one. */
export function profileRestriction(
  user: Pick<User, "userID" | "private" | "banned">,
  viewer: { userID: number; permissions: string[] } | undefined,
): "private" | "banned" | null {
  if (user.banned === 1) return "banned";
  const isSelf = viewer !== undefined && viewer.userID === user.userID;
  if (user.private && !isSelf && !viewer?.permissions.includes("personalInfo.view")) return "private";
  return null;
}

/**
 * schema.org `ProfilePage` about the member (a `Person`): a private or banned profile names the member only, as its
 * card does.
 */
function profileStructuredData(user: User, restriction: ReturnType<typeof profileRestriction>) {
  return {
    "@context": "https://schema.org",
    "@type": "ProfilePage",
    ...(restriction ? {} : { dateCreated: user.dateInserted }),
    mainEntity: {
      "@type": "Person",
      name: user.name,
      url: user.url,
      ...(restriction ? {} : { image: user.photoUrl, dateCreated: user.dateInserted }),
    },
  };
}

/**
 * `/profile/{name}` and its tabs `/profile/discussions|comments|reactions/{name}` (spec §2): the
 * member's card, then their discussions, comments or the reactions they received. Private and banned
 * profiles show the restricted card only.
 */
export function ProfilePage({ tab }: { tab?: ProfileTab }) {
  const api = useApi();
  const params = useParams();
  const [search] = useSearchParams();
  const name = readProfileName(params["name"]);
  const { data: user } = useSuspenseQuery(profileUserQuery(api, name));
  const { data: me } = useQuery(meQuery(api));
  const restriction = profileRestriction(user, me);
  const page = readProfilePage(search);
  const tabs: Array<{ tab: ProfileTab | undefined; label: string }> = [
    { tab: undefined, label: t("Overview") },
    { tab: "discussions", label: t("Discussions") },
    { tab: "comments", label: t("Comments") },
    { tab: "reactions", label: t("Reactions") },
  ];
  const current = tabs.find((entry) => entry.tab === tab) ?? tabs[0]!;
  const title = tab ? `${current.label} - ${user.name}` : user.name;
  const reaction = tab === "reactions" ? receivedReaction(user, search.get("reaction")) : null;
  const viewerID = me?.userID ?? 0;
  const { data: ignoreState } = useQuery({
    ...ignoreStateQuery(api, viewerID, user.userID),
    enabled: viewerID > 0 && viewerID !== user.userID,
  });
  const result = useActionData<FormResult>();
  const { data: profileFields = [] } = useQuery(profileFieldsQuery(api));
  // The warnings section and Warn button: loaded with the profile (its loader), never by reading pages.
  const warnings = useOnDemand(profileWarningsPart).module;

  return (
    <>
      <PageHead
        title={title}
        canonical={reaction ? reactionHref(user.name, reaction, page) : tabHref(user.name, tab, page)}
        description={user.title ?? undefined}
        feed={!restriction}
        type="profile"
        // The head is the server's: the browser's build drops the structured data.
        {...(import.meta.env.SSR ? { jsonLd: [profileStructuredData(user, restriction)] } : {})}
      />
      <header className={styles.card}>
        <img className={styles.photo} src={user.photoUrl} alt="" width={100} height={100} />
        <div>
          <h1 className={styles.name}>{user.name}</h1>
          {user.rank ? (
            <p>
              <RankLabel rank={user.rank} />
            </p>
          ) : null}
          {user.online ? <p className={styles.online}>{t("Online")}</p> : null}
          {restriction === "banned" ? (
            <p className={styles.restricted}>{t("This user has been banned.")}</p>
          ) : restriction === "private" ? (
            <p className={styles.restricted}>{t("This user's profile is private.")}</p>
          ) : (
            <>
              {user.title ? <p className={styles.title}>{user.title}</p> : null}
              {user.location ? <p className={styles.location}>{user.location}</p> : null}
              <dl className={styles.facts}>
                <div>
                  <dt>{t("Discussions")}</dt>
                  <dd>{formatCount(user.countDiscussions)}</dd>
                </div>
                <div>
                  <dt>{t("Comments")}</dt>
                  <dd>{formatCount(user.countComments)}</dd>
                </div>
                <div>
                  <dt>{t("Points")}</dt>
                  <dd data-part="profile-points">{formatCount(user.points)}</dd>
                </div>
                <div>
                  <dt>{t("Joined")}</dt>
                  <dd>
                    <DateTime date={user.dateInserted} />
                  </dd>
                </div>
                {user.dateLastActive ? (
                  <div>
                    <dt>{t("Last Active")}</dt>
                    <dd>
                      <DateTime date={user.dateLastActive} />
                    </dd>
                  </div>
                ) : null}
              </dl>
              <ProfileFieldValues fields={profileFields} values={user.profileFields} where="profiles" />
              {me?.userID === user.userID ? (
                // The member's own lists, which only they see (the profile's tabs are everyone's).
                <p className={styles.ownLists}>
                  <Link to={listPath("bookmarked")}>{t("Bookmarks")}</Link>
                  <Link to={listPath("participated")}>{t("Participated Discussions")}</Link>
                  <Link to={accountPagePath}>{t("Account")}</Link>
                  <Link to={profileEditPagePath}>{t("Edit Profile")}</Link>
                  <Link to={privacyPagePath}>{t("Privacy")}</Link>
                </p>
              ) : null}
            </>
          )}
          <div className={styles.actions}>
            {ignoreState?.canIgnore ? (
              <IgnoreForm userID={user.userID} name={user.name} ignored={ignoreState.ignored} />
            ) : null}
            {warnings ? <warnings.WarnButton userID={user.userID} name={user.name} /> : null}
          </div>
        </div>
      </header>
      {user.about && !restriction ? (
        <section className={styles.about} aria-labelledby="profile-about">
          <h2 id="profile-about" className={styles.sectionTitle}>
            {t("About")}
          </h2>
          {/* Rendered and sanitised by the server's one post pipeline. */}
          <div className={styles.aboutBody} dangerouslySetInnerHTML={{ __html: user.about.body }} />
        </section>
      ) : null}
      {result?.message ? <FormAlert kind={result.ok ? "success" : "error"}>{result.message}</FormAlert> : null}
      {warnings ? <warnings.ProfileWarnings userID={user.userID} name={user.name} /> : null}
      {restriction ? null : (
        <>
          <nav className={tabStyles.tabs} aria-label={t("Profile")}>
            <ul>
              {tabs.map((entry) => (
                <li key={entry.tab ?? "overview"}>
                  <Link
                    to={tabHref(user.name, entry.tab)}
                    aria-current={entry.tab === tab ? "page" : undefined}
                    className={entry.tab === tab ? tabStyles.tabActive : tabStyles.tab}
                  >
                    {entry.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {tab === undefined ? <Overview user={user} /> : null}
          {tab === "discussions" ? <DiscussionsTab user={user} page={page} /> : null}
          {tab === "comments" ? <CommentsTab user={user} page={page} /> : null}
          {tab === "reactions" ? <ReactionsTab user={user} selected={reaction} page={page} /> : null}
        </>
      )}
      {/* Moderators (personalInfo.view) see the addresses the member used on the overview, banned profiles too. */}
      {tab === undefined && me && canSeeIpAddresses(me) ? (
        <IpAddressesPanel userID={user.userID} name={user.name} canBan={canManageBanRules(me)} />
      ) : null}
    </>
  );
}

function Overview({ user }: { user: User }) {
  const api = useApi();
  const { data: discussions } = useSuspenseQuery(profileDiscussionsQuery(api, user.userID, 1, profileLimits.overview));
  const { data: comments } = useSuspenseQuery(profileCommentsQuery(api, user.userID, 1, profileLimits.overview));
  return (
    <>
      <ProfileBadges userID={user.userID} />
      <section aria-labelledby="profile-discussions">
        <h2 id="profile-discussions" className={styles.sectionTitle}>
          {t("Recent Discussions")}
        </h2>
        <DiscussionList discussions={discussions.items} />
        {discussions.total > discussions.items.length ? (
          <p>
            <Link to={tabHref(user.name, "discussions")}>{t("All Discussions")}</Link>
          </p>
        ) : null}
      </section>
      <section aria-labelledby="profile-comments">
        <h2 id="profile-comments" className={styles.sectionTitle}>
          {t("Recent Comments")}
        </h2>
        <CommentList comments={comments.items} authorID={user.userID} />
        {comments.total > comments.items.length ? (
          <p>
            <Link to={tabHref(user.name, "comments")}>{t("All Comments")}</Link>
          </p>
        ) : null}
      </section>
    </>
  );
}

function DiscussionsTab({ user, page }: { user: User; page: number }) {
  const api = useApi();
  const { data } = useSuspenseQuery(profileDiscussionsQuery(api, user.userID, page, profileLimits.page));
  return (
    <section aria-label={t("Discussions")}>
      <DiscussionList discussions={data.items} />
      <Pager
        page={page}
        limit={profileLimits.page}
        total={data.total}
        href={(n) => tabHref(user.name, "discussions", n)}
        label={t("Discussions pages")}
      />
    </section>
  );
}

function CommentsTab({ user, page }: { user: User; page: number }) {
  const api = useApi();
  const { data } = useSuspenseQuery(profileCommentsQuery(api, user.userID, page, profileLimits.page));
  return (
    <section aria-label={t("Comments")}>
      <CommentList comments={data.items} authorID={user.userID} />
      <Pager
        page={page}
        limit={profileLimits.page}
        total={data.total}
        href={(n) => tabHref(user.name, "comments", n)}
        label={t("Comments pages")}
      />
    </section>
  );
}

/** Whether the signed-in viewer ignores the profile's member (the state the profile's Ignore button shows). */
function useIgnoresMember(userID: number): boolean {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const viewerID = me?.userID ?? 0;
  const { data } = useQuery({
    ...ignoreStateQuery(api, viewerID, userID),
    enabled: viewerID > 0 && viewerID !== userID,
  });
  return data?.ignored ?? false;
}

/**
 * A member's comments: the discussion each one is in, when, and its (server-sanitised) body, collapsed for a viewer
 * who ignores the member.
 */
function CommentList({ comments, authorID }: { comments: Comment[]; authorID: number }) {
  const ignored = useIgnoresMember(authorID);
  if (comments.length === 0)
    return (
      <EmptyState icon={<CommentIcon size={24} strokeWidth={1.5} />} compact>
        {t("No comments were found.")}
      </EmptyState>
    );
  return (
    <ul className={styles.comments}>
      {comments.map((comment) => (
        <li key={comment.commentID} className={styles.comment}>
          <h3 className={styles.commentTitle}>
            <Link to={new URL(comment.url).pathname + new URL(comment.url).hash}>{comment.name}</Link>
          </h3>
          <DateTime date={comment.dateInserted} />
          <IgnoredDisclosure ignored={ignored}>
            <div className={styles.commentBody} dangerouslySetInnerHTML={{ __html: comment.body ?? "" }} />
          </IgnoredDisclosure>
        </li>
      ))}
    </ul>
  );
}

/**
 * The reactions a member's posts received, per type; with `?reaction=` naming one of them, the
 * member's discussions and comments that received it, newest first, paged together.
 */
function ReactionsTab({ user, selected, page }: { user: User; selected: string | null; page: number }) {
  const received = Object.entries(user.reactionsReceived ?? {}).filter(([, reaction]) => reaction.count > 0);
  return (
    <section aria-label={t("Reactions")}>
      {received.length === 0 ? (
        <p className={styles.empty}>{t("No Reactions Yet")}</p>
      ) : (
        <ul className={styles.reactions}>
          {received.map(([urlcode, reaction]) => (
            <li key={urlcode}>
              <Link to={reactionHref(user.name, urlcode)} aria-current={urlcode === selected ? "page" : undefined}>
                {reactionName(reaction.name)} <span className={styles.count}>{formatCount(reaction.count)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {selected ? <ReactedPosts user={user} reaction={selected} page={page} /> : null}
    </section>
  );
}

function ReactedPosts({ user, reaction, page }: { user: User; reaction: string; page: number }) {
  const api = useApi();
  const { data: discussions } = useSuspenseQuery(
    profileReactedDiscussionsQuery(api, user.userID, reaction, page, profileLimits.page),
  );
  const { data: comments } = useSuspenseQuery(
    profileReactedCommentsQuery(api, user.userID, reaction, page, profileLimits.page),
  );
  return (
    <>
      <section aria-labelledby="profile-reacted-discussions">
        <h2 id="profile-reacted-discussions" className={styles.sectionTitle}>
          {t("Discussions")}
        </h2>
        <DiscussionList discussions={discussions.items} />
        <Pager
          page={page}
          limit={profileLimits.page}
          total={discussions.total}
          href={(n) => reactionHref(user.name, reaction, n)}
          label={t("Discussions pages")}
        />
      </section>
      <section aria-labelledby="profile-reacted-comments">
        <h2 id="profile-reacted-comments" className={styles.sectionTitle}>
          {t("Comments")}
        </h2>
        <CommentList comments={comments.items} authorID={user.userID} />
        <Pager
          page={page}
          limit={profileLimits.page}
          total={comments.total}
          href={(n) => reactionHref(user.name, reaction, n)}
          label={t("Comments pages")}
        />
      </section>
    </>
  );
}
