import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  DiscussionIdParams,
  DiscussionPost,
  PollOptionBody,
  PollOptionParams,
  PollOptionRecord,
  PollPatch,
  PollRecord,
  PollVoteBody,
  PollVoteRecord,
  PostPremoderation,
} from "@parley/contracts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { DiscussionsService } from "./discussions.service.ts";

const tags = ["Polls"];

/** /polls and /discussions/poll (the polls add-on; 404 while it is off): parse, call the service. */
export const pollsRoutes: FastifyPluginAsyncTypebox<{ service: DiscussionsService }> = async (app, { service }) => {
  app.post(
    "/discussions/poll",
    {
      schema: {
        tags,
        summary: "Post a poll: a discussion of type poll with its `poll` (question, options, choices, close date).",
        body: DiscussionPost,
        response: { 201: Type.Ref("Discussion"), 202: PostPremoderation },
      },
    },
    async (request) => service.createPoll(request.body, requestContext(request)),
  );

  app.get(
    "/polls/:id",
    {
      schema: {
        tags,
        summary: "A poll, its options and (when the viewer may see them) their counts.",
        params: DiscussionIdParams,
        response: { 200: PollRecord },
      },
    },
    async (request) => service.poll(request.params.id, requestContext(request)),
  );

  app.patch(
    "/polls/:id",
    {
      schema: {
        tags,
        summary:
          "Edit a poll (its author and moderators): question, results visibility, close date; choices before votes.",
        params: DiscussionIdParams,
        body: PollPatch,
        response: { 200: PollRecord },
      },
    },
    async (request) => service.patchPoll(request.params.id, request.body, requestContext(request)),
  );

  app.get(
    "/polls/:id/options",
    {
      schema: {
        tags,
        summary: "A poll's options, in order.",
        params: DiscussionIdParams,
        response: { 200: Type.Array(PollOptionRecord) },
      },
    },
    async (request) => service.pollOptions(request.params.id, requestContext(request)),
  );

  app.post(
    "/polls/:id/options",
    {
      schema: {
        tags,
        summary: "Add an option at the end of a poll (its author and moderators; at most 20).",
        params: DiscussionIdParams,
        body: PollOptionBody,
        response: { 201: PollRecord },
      },
    },
    async (request) => service.addPollOption(request.params.id, request.body, requestContext(request)),
  );

  app.patch(
    "/polls/:id/options/:optionID",
    {
      schema: {
        tags,
        summary: "Change an option's text, while no one has voted.",
        params: PollOptionParams,
        body: PollOptionBody,
        response: { 200: PollRecord },
      },
    },
    async (request) =>
      service.patchPollOption(request.params.id, request.params.optionID, request.body, requestContext(request)),
  );

  app.delete(
    "/polls/:id/options/:optionID",
    {
      schema: {
        tags,
        summary: "Remove an option, while no one has voted (two remain at least).",
        params: PollOptionParams,
        response: { 204: Type.Null() },
      },
    },
    async (request) => {
      await service.deletePollOption(request.params.id, request.params.optionID, requestContext(request));
      return null;
    },
  );

  app.get(
    "/polls/:id/votes",
    {
      schema: {
        tags,
        summary: "The viewer's own votes in a poll.",
        params: DiscussionIdParams,
        response: { 200: Type.Array(PollVoteRecord) },
      },
    },
    async (request) => service.pollVotes(request.params.id, requestContext(request)),
  );

  app.post(
    "/polls/:id/votes",
    {
      schema: {
        tags,
        summary: "Vote: the viewer's choices replace their previous ones (none takes the vote back) until it closes.",
        params: DiscussionIdParams,
        body: PollVoteBody,
        response: { 201: PollRecord },
      },
    },
    async (request) => service.votePoll(request.params.id, request.body, requestContext(request)),
  );
};
