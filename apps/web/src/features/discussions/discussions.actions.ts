import type { QueryClient } from "@tanstack/react-query";
import { data, redirect, type ActionFunctionArgs } from "react-router";
import { limits } from "@parley/contracts/limits";
import { answerStatuses, type AnswerStatus } from "@parley/contracts/questions-constants";
import { ideaVotes, type IdeaVote } from "@parley/contracts/ideas-constants";
import { pollMessages, type Poll } from "@parley/contracts/polls-constants";
import { ApiError, type ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { composerPostTypesQuery } from "../post-types/index.ts";
import { readPostMeta } from "./components/postFields.form.ts";
import { splitTagNames, postFormKeys } from "./components/postForm.queries.ts";
import { resolveTagNames } from "./components/tagNames.ts";
import { discussionsApi, isHeld } from "./discussions.api.ts";
import { discussionsWriteApi } from "./discussions.write.api.ts";
import { awaitingApprovalPath, pendingPostAnchor, reportKeys } from "../reports/index.ts";
import { discussionKeys } from "./discussions.queries.ts";
import { discussionPath } from "./discussions.urls.ts";
import { readDiscussionParams } from "./pages/DiscussionPage.tsx";
import { editedFormat, readEditDiscussionID } from "./pages/EditDiscussionPage.tsx";

/**
 * The poll's fields (`PollFields`) as posted, on a new post and on an edit: the values to keep, what is wrong before
 * asking the API, and the settings read (new option fields left empty are left out: without JavaScript there are
 * a fixed number of them).
 */
function readPollSettings(form: FormData, existingOptions: number) {
  const options = form
    .getAll("pollOption")
    .filter((value): value is string => typeof value === "string")
    .map((value) => value.trim())
    .filter(Boolean);
  const values = {
    pollName: formValue(form, "pollName"),
    pollOptions: options.join("\n"),
    pollChoiceMode: formValue(form, "pollChoiceMode") === "multiple" ? "multiple" : "single",
    pollMaxChoices: formValue(form, "pollMaxChoices"),
    pollResultsVisibility: formValue(form, "pollResultsVisibility") === "afterVoting" ? "afterVoting" : "always",
    pollDateClosed: formValue(form, "pollDateClosed"),
  };
  const errors: Record<string, string> = {};
  const { minOptions, maxOptions } = limits.polls;
  const count = options.length + existingOptions;
  if (count < minOptions) errors["pollOptions"] = pollMessages.tooFew;
  if (count > maxOptions) errors["pollOptions"] = pollMessages.tooMany;
  const maxChoices = values.pollMaxChoices ? Number(values.pollMaxChoices) : null;
  if (maxChoices !== null && !(Number.isInteger(maxChoices) && maxChoices >= 1 && maxChoices <= maxOptions))
    errors["pollMaxChoices"] = pollMessages.maxChoicesRange;
  // The field's local date and time, read as UTC (its label says so).
  const closes = values.pollDateClosed ? new Date(`${values.pollDateClosed}Z`) : null;
  if (closes && Number.isNaN(closes.getTime())) errors["pollDateClosed"] = "Enter a date and time.";
  const settings = {
    choiceMode: values.pollChoiceMode as "single" | "multiple",
    maxChoices: values.pollChoiceMode === "multiple" ? maxChoices : null,
    resultsVisibility: values.pollResultsVisibility as "always" | "afterVoting",
    dateClosed: closes && !Number.isNaN(closes.getTime()) ? closes.toISOString() : null,
  };
  return { values, errors, options, settings };
}

/** The new-post form's poll: the API's `poll` from the fields. */
function readPollFields(form: FormData) {
  const { values, errors, options, settings } = readPollSettings(form, 0);
  const input = {
    ...(values.pollName.trim() ? { name: values.pollName.trim() } : {}),
    options,
    choiceMode: settings.choiceMode,
    ...(settings.maxChoices ? { maxChoices: settings.maxChoices } : {}),
    resultsVisibility: settings.resultsVisibility,
    ...(settings.dateClosed ? { dateClosed: settings.dateClosed } : {}),
  };
  return { values, errors, input };
}

type PollEdit = Parameters<typeof discussionsWriteApi.editPoll>[2];

/**
 * An edited poll's fields against the poll as it is: the calls that make the difference (its settings in one
 * PATCH, then new options, renamed ones, removed ones: adding first, so two always remain), the values to show
 * again and what is wrong. An emptied question asks the discussion's title.
 */
function readPollEdit(form: FormData, poll: Poll, title: string) {
  const removed = new Set(form.getAll("pollRemove").map(String));
  const kept = poll.options.filter((option) => !removed.has(String(option.pollOptionID)));
  const { values, errors, options, settings } = readPollSettings(form, kept.length);
  const renamed: Record<string, string> = { pollRemove: [...removed].join(",") };
  const calls: PollEdit[] = [];
  for (const option of kept) {
    const field = `pollOption-${option.pollOptionID}`;
    const body = formValue(form, field).trim();
    renamed[field] = body;
    if (!body) errors["pollOptions"] = pollMessages.emptyOption;
    else if (body !== option.body) calls.push({ rename: option.pollOptionID, body });
  }
  const name = values.pollName.trim() || title.trim();
  const patch: Record<string, unknown> = {
    ...(name && name !== poll.name ? { name } : {}),
    ...(settings.choiceMode !== poll.choiceMode ? { choiceMode: settings.choiceMode } : {}),
    ...(settings.choiceMode === "multiple" && settings.maxChoices !== poll.maxChoices
      ? { maxChoices: settings.maxChoices }
      : {}),
    ...(settings.resultsVisibility !== poll.resultsVisibility ? { resultsVisibility: settings.resultsVisibility } : {}),
    // The field shows minutes: a close date within the same minute is left as it is.
    ...((settings.dateClosed?.slice(0, 16) ?? null) !== (poll.dateClosed?.slice(0, 16) ?? null)
      ? { dateClosed: settings.dateClosed }
      : {}),
  };
  const changes: PollEdit[] = [
    ...(Object.keys(patch).length ? [{ patch }] : []),
    ...options.map((body) => ({ add: body })),
    ...calls,
    ...poll.options
      .filter((option) => removed.has(String(option.pollOptionID)))
      .map((o) => ({ remove: o.pollOptionID })),
  ];
  return { values: { ...values, ...renamed }, errors, changes };
}

/** Posting a comment or a discussion; after success the cached lists are dropped so the next page is fresh. */
export function createDiscussionActions(api: ApiClient, queryClient: QueryClient) {
  /** `intent=answer`: PATCH the answer's status, then back to it on the same page. */
  const judgeAnswer = async (request: Request, form: FormData) => {
    const commentID = formValue(form, "commentID");
    const status = formValue(form, "status");
    const statuses: readonly string[] = answerStatuses;
    if (!/^[1-9]\d{0,9}$/.test(commentID) || !statuses.includes(status))
      return formInvalid({ answer: "The answer could not be found." }, {});
    try {
      await discussionsWriteApi.judgeAnswer(api, Number(commentID), status as AnswerStatus);
    } catch (error) {
      return formError(error, {});
    }
    queryClient.removeQueries({ queryKey: discussionKeys.all });
    const here = new URL(request.url);
    return redirect(`${here.pathname}${here.search}#Comment_${commentID}`);
  };
  /** `intent=vote` and `intent=ideaStatus` (the ideation add-on): vote, or set the status, then back to the idea. */
  const ideaAction = async (request: Request, form: FormData, discussionID: number) => {
    const intent = formValue(form, "intent");
    try {
      if (intent === "vote") {
        const vote = formValue(form, "vote");
        if (!(ideaVotes as readonly string[]).includes(vote)) return formInvalid({ vote: "Choose a vote." }, {});
        await discussionsWriteApi.vote(api, discussionID, vote as IdeaVote);
      } else {
        const statusID = formValue(form, "statusID");
        if (!/^[1-9]\d{0,9}$/.test(statusID)) return formInvalid({ statusID: "Choose a status." }, {});
        const notes = formValue(form, "statusNotes").trim();
        await discussionsWriteApi.setIdeaStatus(api, discussionID, Number(statusID), notes || null);
      }
    } catch (error) {
      return formError(error, {});
    }
    queryClient.removeQueries({ queryKey: discussionKeys.all });
    const here = new URL(request.url);
    return redirect(`${here.pathname}${here.search}`);
  };
  /** `intent=pollVote` and `intent=pollClose` (the polls add-on): vote, or close the poll, then back to it. */
  const pollVote = async (request: Request, form: FormData) => {
    const pollID = formValue(form, "pollID");
    const chosen = form.getAll("pollOptionID").filter((value): value is string => typeof value === "string");
    if (!/^[1-9]\d{0,9}$/.test(pollID) || !chosen.every((value) => /^[1-9]\d{0,9}$/.test(value)))
      return formInvalid({ poll: pollMessages.unknownPoll }, {});
    if (chosen.length === 0 && formValue(form, "intent") === "pollVote")
      return formInvalid({ poll: pollMessages.chooseFirst }, {});
    try {
      if (formValue(form, "intent") === "pollClose") await discussionsWriteApi.closePoll(api, Number(pollID));
      else await discussionsWriteApi.votePoll(api, Number(pollID), chosen.map(Number));
    } catch (error) {
      // Shown in the poll (not in the reply form): the API's sentence, e.g. "This poll is closed.".
      if (!(error instanceof ApiError)) throw error;
      const message = Object.values(error.errors)[0]?.[0]?.message ?? error.message;
      return data<FormResult>({ errors: { poll: message }, values: {} }, { status: error.status });
    }
    queryClient.removeQueries({ queryKey: discussionKeys.all });
    const here = new URL(request.url);
    return redirect(`${here.pathname}${here.search}#poll`);
  };
  return {
    comment: async ({ request, params }: ActionFunctionArgs) => {
      const parsed = readDiscussionParams(params);
      const form = await request.formData();
      // A question's answer accepted or rejected by its ⋯ form (the QnA add-on), with or without JavaScript.
      if (formValue(form, "intent") === "answer") return judgeAnswer(request, form);
      // An idea's vote or status (the ideation add-on), by their forms under the idea.
      if (parsed && ["vote", "ideaStatus"].includes(formValue(form, "intent")))
        return ideaAction(request, form, parsed.id);
      // A poll's vote, or its closing by its author or a moderator (the polls add-on), by its forms.
      if (["pollVote", "pollClose"].includes(formValue(form, "intent"))) return pollVote(request, form);
      const values = { body: formValue(form, "body") };
      if (!parsed) return formInvalid({ body: "The discussion could not be found." }, values);
      if (!values.body.trim()) return formInvalid({ body: "Write a comment before posting it." }, values);
      try {
        const { data: comment } = await discussionsWriteApi.comment(api, {
          discussionID: parsed.id,
          body: values.body,
          format: formValue(form, "format") || "markdown",
          // The autosaved draft this came from: the server deletes it once the comment is posted.
          ...(/^\d+$/.test(formValue(form, "draftID")) ? { draftID: Number(formValue(form, "draftID")) } : {}),
          ...(/^\d+$/.test(formValue(form, "parentCommentID"))
            ? { parentCommentID: Number(formValue(form, "parentCommentID")) }
            : {}),
        });
        queryClient.removeQueries({ queryKey: discussionKeys.all });
        if (isHeld(comment)) {
          // Held for approval: the page shows it to its author alone, at the end, marked "Awaiting approval".
          queryClient.removeQueries({ queryKey: reportKeys.all });
          const here = new URL(request.url);
          return redirect(`${here.pathname}${here.search}#${pendingPostAnchor(comment.reportID)}`);
        }
        const location = await discussionsWriteApi.locateComment(api, comment.commentID, limits.pager.commentsPerPage);
        return redirect(new URL(location.url).pathname + new URL(location.url).hash);
      } catch (error) {
        return formError(error, values);
      }
    },

    /**
     * `/post/discussion`: the category, title and body, and tags. The pickers post `tagIDs` and
     * `newTagNames`; the plain field posts `tags`, a comma-separated list. Names are looked up, so
     * an existing tag is sent by id and only unknown names as `newTagNames`.
     */
    discussion: async ({ request }: ActionFunctionArgs) => {
      const form = await request.formData();
      const names = splitTagNames(
        [...form.getAll("newTagNames"), formValue(form, "tags")].filter((value) => typeof value === "string").join(","),
      );
      // In a group (`/post/discussion/social-groups?groupid=`): the group instead of a category.
      const groupID = /^[1-9]\d{0,9}$/.test(formValue(form, "groupID")) ? Number(formValue(form, "groupID")) : null;
      const values = {
        name: formValue(form, "name"),
        body: formValue(form, "body"),
        categoryID: formValue(form, "categoryID"),
        tags: names.join(", "),
        type: formValue(form, "type"),
      };
      const errors: Record<string, string> = {};
      if (!values.categoryID && groupID === null) errors["categoryID"] = "Choose a category.";
      if (!values.name.trim()) errors["name"] = "Give your discussion a title.";
      if (!values.body.trim()) errors["body"] = "Write something before posting.";
      // A poll's fields (the polls add-on), kept with the others when the form comes back.
      const poll = values.type === "poll" ? readPollFields(form) : null;
      if (poll) Object.assign(values, poll.values);
      Object.assign(errors, poll?.errors ?? {});
      // A site post type (the post types add-on): its fields' values, as `postMeta`.
      const postTypeID = formValue(form, "postTypeID");
      const postType = postTypeID
        ? (await queryClient.ensureQueryData(composerPostTypesQuery(api))).find(
            (type) => type.postTypeID === postTypeID,
          )
        : undefined;
      const meta = postType ? readPostMeta(form, postType.postFields ?? []) : null;
      if (meta) Object.assign(values, meta.values);
      if (Object.keys(errors).length) return formInvalid(errors, values);
      try {
        const chosenIDs = form
          .getAll("tagIDs")
          .flatMap((value) => (typeof value === "string" && /^\d+$/.test(value) ? [Number(value)] : []));
        const named = names.length ? await resolveTagNames(api, names) : { tagIDs: [], newTagNames: [] };
        const tagIDs = [...new Set([...chosenIDs, ...named.tagIDs])];
        const { data: discussion } = await discussionsWriteApi.create(api, {
          name: values.name,
          body: values.body,
          format: formValue(form, "format") || "markdown",
          ...(groupID !== null ? { groupID } : { categoryID: Number(values.categoryID) }),
          ...(values.type ? { type: values.type } : {}),
          ...(poll ? { poll: poll.input } : {}),
          ...(postTypeID ? { postTypeID } : {}),
          ...(meta ? { postMeta: meta.postMeta } : {}),
          ...(tagIDs.length ? { tagIDs } : {}),
          ...(named.newTagNames.length ? { newTagNames: named.newTagNames } : {}),
          // The autosaved draft this came from: the server deletes it once the discussion is posted.
          ...(/^\d+$/.test(formValue(form, "draftID")) ? { draftID: Number(formValue(form, "draftID")) } : {}),
        });
        queryClient.removeQueries({ queryKey: discussionKeys.all });
        if (named.newTagNames.length) queryClient.removeQueries({ queryKey: postFormKeys.all });
        if (isHeld(discussion)) {
          // Held for approval: the drafts page confirms it and lists the member's posts awaiting approval.
          queryClient.removeQueries({ queryKey: reportKeys.all });
          return redirect(`${awaitingApprovalPath}#${pendingPostAnchor(discussion.reportID)}`);
        }
        return redirect(discussionPath(discussion));
      } catch (error) {
        return formError(error, values, {
          tagIDs: "tags",
          newTagNames: "tags",
          "poll.options": "pollOptions",
          "poll.maxChoices": "pollMaxChoices",
          "poll.dateClosed": "pollDateClosed",
        });
      }
    },

    /**
     * `/post/editdiscussion/{id}`: PATCH the title and body, the category when it changed (the picker shows
     * for those who may move it) and the tags when the form showed them (an empty field removes them), then
     * back to the discussion.
     */
    editDiscussion: async ({ request, params }: ActionFunctionArgs) => {
      const id = readEditDiscussionID(params);
      const form = await request.formData();
      const names = splitTagNames(
        [...form.getAll("newTagNames"), formValue(form, "tags")].filter((value) => typeof value === "string").join(","),
      );
      const pollID = formValue(form, "pollID");
      const poll = /^[1-9]\d{0,9}$/.test(pollID) ? await discussionsWriteApi.getPoll(api, Number(pollID)) : null;
      const pollEdit = poll ? readPollEdit(form, poll, formValue(form, "name")) : null;
      const values = {
        name: formValue(form, "name"),
        body: formValue(form, "body"),
        categoryID: formValue(form, "categoryID"),
        tags: names.join(", "),
        ...pollEdit?.values,
      };
      const errors: Record<string, string> = { ...pollEdit?.errors };
      if (form.has("categoryID") && !/^\d+$/.test(values.categoryID)) errors["categoryID"] = "Choose a category.";
      if (!values.name.trim()) errors["name"] = "Give your discussion a title.";
      if (!values.body.trim()) errors["body"] = "Write something before posting.";
      if (id === null || Object.keys(errors).length) return formInvalid(errors, values);
      try {
        const moveTo =
          values.categoryID && values.categoryID !== formValue(form, "sourceCategoryID")
            ? { categoryID: Number(values.categoryID) }
            : {};
        let tags = {};
        if (formValue(form, "tagsField") === "1") {
          const chosenIDs = form
            .getAll("tagIDs")
            .flatMap((value) => (typeof value === "string" && /^\d+$/.test(value) ? [Number(value)] : []));
          const named = names.length ? await resolveTagNames(api, names) : { tagIDs: [], newTagNames: [] };
          const tagIDs = [...new Set([...chosenIDs, ...named.tagIDs])];
          const before = formValue(form, "sourceTagIDs").split(",").filter(Boolean).map(Number);
          const unchanged =
            !named.newTagNames.length &&
            tagIDs.length === before.length &&
            tagIDs.every((tagID) => before.includes(tagID));
          // Tags left as they were are not sent (setting them is a permission of its own, tags.add).
          if (!unchanged) tags = { tagIDs, ...(named.newTagNames.length ? { newTagNames: named.newTagNames } : {}) };
          if (named.newTagNames.length) queryClient.removeQueries({ queryKey: postFormKeys.all });
        }
        const discussion = await discussionsWriteApi.update(api, id, {
          name: values.name,
          body: values.body,
          format: editedFormat(formValue(form, "format"), formValue(form, "sourceFormat"), values.body),
          ...moveTo,
          ...tags,
          // The edit's autosaved draft: the server deletes it once the edit is saved.
          ...(/^\d+$/.test(formValue(form, "draftID")) ? { draftID: Number(formValue(form, "draftID")) } : {}),
        });
        // The poll's changes, one call each; a refusal (options with votes, say) is shown on the form again.
        for (const change of pollEdit?.changes ?? []) await discussionsWriteApi.editPoll(api, poll!.pollID, change);
        queryClient.removeQueries({ queryKey: discussionKeys.all });
        if (isHeld(discussion)) {
          // Held for approval: the discussion keeps its text; its page shows the author the edit awaiting approval.
          queryClient.removeQueries({ queryKey: reportKeys.all });
          const current = await discussionsApi.get(api, id);
          return redirect(`${discussionPath(current)}#${pendingPostAnchor(discussion.reportID)}`);
        }
        return redirect(discussionPath(discussion));
      } catch (error) {
        return formError(error, values, { tagIDs: "tags", newTagNames: "tags" });
      }
    },
  };
}
