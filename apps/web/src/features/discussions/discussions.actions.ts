import type { QueryClient } from "@tanstack/react-query";
import { redirect, type ActionFunctionArgs } from "react-router";
import { limits } from "@parley/contracts/limits";
import { answerStatuses, type AnswerStatus } from "@parley/contracts/questions-constants";
import { ideaVotes, type IdeaVote } from "@parley/contracts/ideas-constants";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue } from "../../lib/forms.ts";
import { splitTagNames, postFormKeys } from "./components/postForm.queries.ts";
import { resolveTagNames } from "./components/tagNames.ts";
import { discussionsApi, isHeld } from "./discussions.api.ts";
import { discussionsWriteApi } from "./discussions.write.api.ts";
import { awaitingApprovalPath, pendingPostAnchor, reportKeys } from "../reports/index.ts";
import { discussionKeys } from "./discussions.queries.ts";
import { discussionPath } from "./discussions.urls.ts";
import { readDiscussionParams } from "./pages/DiscussionPage.tsx";
import { editedFormat, readEditDiscussionID } from "./pages/EditDiscussionPage.tsx";

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
  return {
    comment: async ({ request, params }: ActionFunctionArgs) => {
      const parsed = readDiscussionParams(params);
      const form = await request.formData();
      // A question's answer accepted or rejected by its ⋯ form (the QnA add-on), with or without JavaScript.
      if (formValue(form, "intent") === "answer") return judgeAnswer(request, form);
      // An idea's vote or status (the ideation add-on), by their forms under the idea.
      if (parsed && ["vote", "ideaStatus"].includes(formValue(form, "intent")))
        return ideaAction(request, form, parsed.id);
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
        return formError(error, values, { tagIDs: "tags", newTagNames: "tags" });
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
      const values = {
        name: formValue(form, "name"),
        body: formValue(form, "body"),
        categoryID: formValue(form, "categoryID"),
        tags: names.join(", "),
      };
      const errors: Record<string, string> = {};
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
