import { queryOptions, useSuspenseQuery, type QueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { Form, Link, data, useActionData, useLocation, useNavigation, useParams } from "react-router";
import { groupMessages } from "@parley/contracts/groups-constants";
import type { ApiClient } from "../../../lib/api.ts";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { FormAlert, SubmitButton, TextField, formStyles } from "../../../ui/forms/Form.tsx";
import type { CategoryTreeItem } from "@parley/contracts";
import { categoryListQuery } from "../../categories/index.ts";
import { composerPostTypesQuery, offeredPostTypes } from "../../post-types/index.ts";
import { meQuery } from "../../users/index.ts";
import { PostFieldInputs } from "../components/PostFieldInputs.tsx";
import { useDraftAutosave } from "../../drafts/index.ts";
import { BodyEditor } from "../../editor/index.ts";
import { canPostIn, groupPath, groupQuery } from "../../../lib/group-record.ts";
import { loadOrThrow, type RouteErrorData } from "../../../lib/route-errors.ts";
import { CategoryChooser } from "../components/CategoryChooser.tsx";
import { PostTypeField } from "../components/PostTypeField.tsx";
import { PollFields } from "../components/PollFields.tsx";
import { postFormKeys } from "../components/postForm.queries.ts";
import { TagsInput } from "../components/TagsInput.tsx";
import { useRestoredDraft } from "../../drafts/index.ts";
import styles from "./DiscussionPage.module.css";
import questionStyles from "../components/questions.module.css";

/**
 * Whether the site takes questions, ideas and polls (`plugins.qna`, `plugins.ideation`, `plugins.polls`, public
 * settings): the Question, Idea and Poll types are offered.
 */
export const questionsEnabledQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: [...postFormKeys.all, "postTypeAddons"] as const,
    queryFn: async ({ signal }) => {
      const { data } = await api.get<Record<string, unknown>>(
        "/config",
        { select: ["plugins.qna", "plugins.ideation", "plugins.polls"] },
        signal,
      );
      return {
        questions: data["plugins.qna"] === true,
        ideas: data["plugins.ideation"] === true,
        polls: data["plugins.polls"] === true,
      };
    },
  });

/** The segment that makes the create-post page post in a group (spec §2: `/post/{postType}/social-groups?groupid=`). */
export const groupParentSegment = "social-groups";

/** The group a create-post URL names (`/post/discussion/social-groups?groupid={id}`), or null. */
export function readParentGroupID(url: { pathname: string; search: string }): number | null {
  if (!/^\/post\/discussion\/social-groups\/?$/.test(url.pathname)) return null;
  const value = new URLSearchParams(url.search).get("groupid") ?? "";
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/**
 * For the page's loader (a member's): whether the Question type is offered (the QnA add-on), and the parent
 * group of a post in a group (`loadParentGroup`).
 */
export async function prefetchNewPost(queryClient: QueryClient, api: ApiClient, url: URL): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(questionsEnabledQuery(api)),
    // The site's own post types (the post types add-on), each a link with its fields.
    queryClient.prefetchQuery(composerPostTypesQuery(api)),
    queryClient.prefetchQuery(meQuery(api)),
  ]);
  const groupID = readParentGroupID(url);
  if (groupID !== null) await loadParentGroup(queryClient, api, groupID);
}

/**
 * For the page's loader: the parent group, which the viewer must be able to post in (a member); an
 * unknown group is a 404, and one they may not post in a 403.
 */
async function loadParentGroup(queryClient: QueryClient, api: ApiClient, groupID: number): Promise<void> {
  // `fetchQuery`: a group the member just joined is read again (the join marked it stale).
  const group = await loadOrThrow("Group", () => queryClient.fetchQuery(groupQuery(api, groupID)));
  if (!canPostIn(group))
    throw data<RouteErrorData>({ type: "Group", message: groupMessages.membersOnly }, { status: 403 });
}

/** The tree cut to these categories (and, disabled, the ones above them): where a site post type goes. */
function onlyCategories(tree: readonly CategoryTreeItem[], ids: readonly number[]): CategoryTreeItem[] {
  return tree.flatMap((category) => {
    const children = onlyCategories(category.children ?? [], ids);
    if (ids.includes(category.categoryID)) return [{ ...category, children }];
    return children.length ? [{ ...category, displayAs: "heading" as const, children }] : [];
  });
}

/**
 * `/post/discussion[/{categoryID}]` (or in a group: `/post/discussion/social-groups?groupid=N`, where
 * "Posting in {group}" takes the category picker's place): category, title, body (the rich editor once loaded, Markdown without it)
 * and tags when tagging is on. Category and tags are plain fields until the pickers load.
 */
export function NewDiscussionPage() {
  const api = useApi();
  const result = useActionData<FormResult>();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const { categoryID } = useParams();
  const { data: tree } = useSuspenseQuery(categoryListQuery(api, { maxDepth: 5 }));
  const form = useRef<HTMLFormElement>(null);
  const { restored, version, onRestore } = useRestoredDraft();
  const named = Number(new URLSearchParams(location.search).get("draftID"));
  const groupID = readParentGroupID(location);
  // Ask a Question (`?type=question`, the QnA add-on) starts with the question type chosen, where it is offered.
  // New Idea (`?type=idea`, the ideation add-on) likewise.
  // New Poll (`?type=poll`, the polls add-on) likewise, with the poll's fields.
  const {
    data: { questions, ideas, polls },
  } = useSuspenseQuery(questionsEnabledQuery(api));
  const askedType = new URLSearchParams(location.search).get("type") ?? undefined;
  // A site's own post type (`?postTypeID=`, the post types add-on): its parent type, its categories, its fields.
  // Offered: those the member's roles may post and, on a category's form, those the category takes.
  const { data: me } = useSuspenseQuery(meQuery(api));
  const { data: composerTypes } = useSuspenseQuery(composerPostTypesQuery(api));
  const siteTypes = offeredPostTypes(composerTypes, me);
  const categoryTypes = /^\d+$/.test(categoryID ?? "")
    ? offeredPostTypes(siteTypes, me, Number(categoryID))
    : siteTypes;
  const askedPostTypeID = new URLSearchParams(location.search).get("postTypeID");
  // Asked for on a category's form that does not take it: the plain form.
  const postType = categoryTypes.find((type) => type.postTypeID === askedPostTypeID);
  const asking = questions && askedType === "question";
  const proposing = ideas && askedType === "idea";
  const polling = polls && askedType === "poll";
  const title = postType
    ? postType.postButtonLabel
    : asking
      ? t("Ask a Question")
      : proposing
        ? t("New Idea")
        : polling
          ? t("New Poll")
          : t("New Discussion");
  const startingType = result?.values?.["type"] ?? (asking ? "question" : proposing ? "idea" : polling ? "poll" : "");
  // The type chosen since the page rendered: the poll's fields show while it is poll.
  const [typeChosen, setTypeChosen] = useState<string | null>(null);
  const handleTypeChange = (event: FormEvent<HTMLDivElement>) => {
    const target = event.target as HTMLSelectElement;
    if (target.name === "type") setTypeChosen(target.value);
  };
  // A new discussion's draft (spec §4): autosaved, continued from its draft link (`?draftID=`).
  const { draftID } = useDraftAutosave({
    form,
    target: {
      recordType: "discussion",
      parentRecordType: groupID ? "group" : "category",
      parentRecordID: groupID ?? 0,
      commentParentID: null,
    },
    onRestore,
    draftID: Number.isInteger(named) && named > 0 ? named : undefined,
  });
  const selected =
    result?.values?.["categoryID"] ??
    (restored?.categoryID ? String(restored.categoryID) : undefined) ??
    (categoryID === groupParentSegment ? undefined : categoryID) ??
    "";
  // The category chosen since the page rendered (the post types follow it).
  const [chosen, setChosen] = useState<string | null>(null);
  // The body's refusal goes once the body is written again (its editor is no `TextField`): the answer it was fixed after.
  const [bodyFixedAfter, setBodyFixedAfter] = useState<FormResult | undefined>();
  const bodyError = result && bodyFixedAfter !== result ? result.errors?.["body"] : undefined;
  const handleBodyInput = (event: FormEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const text = target instanceof HTMLTextAreaElement ? target.value : (target.textContent ?? "");
    if (bodyError && text.trim() !== "") setBodyFixedAfter(result);
  };
  return (
    <>
      <PageHead title={title} noindex />
      <h1>{title}</h1>
      {questions || ideas || polls || categoryTypes.length ? (
        // What to start (the QnA and ideation add-ons): a discussion, a question or an idea (the same form, the type
        // chosen).
        <nav aria-label={t("Post type")} className={questionStyles.postTypeChoice}>
          <Link to={location.pathname} aria-current={asking || proposing || polling || postType ? undefined : "page"}>
            {t("New Discussion")}
          </Link>
          {questions ? (
            <Link to={`${location.pathname}?type=question`} aria-current={asking ? "page" : undefined}>
              {t("Ask a Question")}
            </Link>
          ) : null}
          {ideas ? (
            <Link to={`${location.pathname}?type=idea`} aria-current={proposing ? "page" : undefined}>
              {t("New Idea")}
            </Link>
          ) : null}
          {polls ? (
            <Link to={`${location.pathname}?type=poll`} aria-current={polling ? "page" : undefined}>
              {t("New Poll")}
            </Link>
          ) : null}
          {categoryTypes.map((type) => (
            <Link
              key={type.postTypeID}
              to={`${location.pathname}?postTypeID=${encodeURIComponent(type.postTypeID)}`}
              aria-current={postType?.postTypeID === type.postTypeID ? "page" : undefined}
            >
              {type.postButtonLabel}
            </Link>
          ))}
        </nav>
      ) : null}
      <Form
        ref={form}
        method="post"
        action={location.pathname + location.search}
        className={formStyles.form}
        noValidate
        data-part="create-post"
      >
        {result?.message ? <FormAlert>{result.message}</FormAlert> : null}
        {postType?.postHelperText ? <p className={styles.postingIn}>{postType.postHelperText}</p> : null}
        <TransientKeyField />
        {draftID ? <input type="hidden" name="draftID" value={draftID} /> : null}
        {groupID ? (
          <ParentGroup groupID={groupID} error={result?.errors?.["groupID"]} />
        ) : (
          <CategoryChooser
            key={`c${version}`}
            tree={postType ? onlyCategories(tree, postType.categoryIDs) : tree}
            defaultValue={selected}
            error={result?.errors?.["categoryID"] ?? result?.errors?.["postTypeID"]}
            onChange={setChosen}
          />
        )}
        {postType ? (
          <>
            <input type="hidden" name="postTypeID" value={postType.postTypeID} />
            <input type="hidden" name="type" value={postType.parentPostTypeID ?? "discussion"} />
          </>
        ) : (
          <div onChange={handleTypeChange}>
            <PostTypeField
              tree={tree}
              categoryID={groupID ? "" : (chosen ?? selected)}
              defaultValue={startingType || undefined}
              error={result?.errors?.["type"]}
              questions={questions}
              ideas={ideas}
              polls={polls}
            />
          </div>
        )}
        <TextField
          key={`n${version}`}
          label={t("Title")}
          name="name"
          required
          defaultValue={result?.values?.["name"] ?? restored?.name ?? ""}
          error={result?.errors?.["name"]}
        />
        <div className={formStyles.field} onInput={handleBodyInput}>
          <label htmlFor="discussion-body" className={formStyles.label}>
            {t("Body")}
          </label>
          <BodyEditor
            key={`b${version}`}
            id="discussion-body"
            name="body"
            label={t("Body")}
            className={styles.textarea}
            defaultValue={result?.values?.["body"] ?? restored?.body ?? ""}
            startRich={restored?.format === "rich2"}
            invalid={bodyError ? true : undefined}
            describedBy={bodyError ? "discussion-body-error" : "discussion-body-hint"}
            hint={t("Markdown is supported. Mention members with @name.")}
            hintId="discussion-body-hint"
          />
          {bodyError ? (
            <p id="discussion-body-error" className={formStyles.error}>
              {bodyError}
            </p>
          ) : null}
        </div>
        {postType ? (
          <PostFieldInputs fields={postType.postFields ?? []} values={result?.values} errors={result?.errors} />
        ) : null}
        {polls && (typeChosen ?? startingType) === "poll" ? (
          <PollFields values={result?.values} errors={result?.errors} />
        ) : null}
        <TagsInput defaultValue={result?.values?.["tags"] ?? ""} error={result?.errors?.["tags"]} />
        <SubmitButton busy={busy}>{t("Post Discussion")}</SubmitButton>
      </Form>
    </>
  );
}

/** "Posting in {group}" (a link to the group) and the hidden `groupID` the form posts. */
function ParentGroup({ groupID, error }: { groupID: number; error?: string | undefined }) {
  const api = useApi();
  const { data: group } = useSuspenseQuery(groupQuery(api, groupID));
  return (
    <div className={formStyles.field}>
      <input type="hidden" name="groupID" value={group.groupID} />
      <p className={styles.postingIn}>
        {t("Posting in")} <Link to={groupPath(group)}>{group.name}</Link>
      </p>
      {error ? <p className={formStyles.error}>{error}</p> : null}
    </div>
  );
}
