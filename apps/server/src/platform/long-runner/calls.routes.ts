import type { FastifyInstance } from "fastify";
import {
  CallStatus,
  CallStatusParams,
  CallsRunBody,
  callsRunContentType,
  longRunnerResponses,
} from "@parley/contracts";
import { requestContext } from "../http/request-context.ts";
import type { LongRunner } from "./long-runner.ts";

/**
 * `POST /api/v2/calls/run`: continues a long-running call from its signed `callbackPayload`;
 * `GET /api/v2/calls/{jobTrackingID}`: where a call queued with `longRunnerMode=async` stands.
 */
export function registerCallsRoutes(app: FastifyInstance, longRunner: LongRunner): void {
  app.addContentTypeParser(callsRunContentType, { parseAs: "string", bodyLimit: 1_048_576 }, (_request, body, done) => {
    done(null, String(body));
  });
  app.post(
    "/api/v2/calls/run",
    {
      schema: {
        tags: ["Calls"],
        summary:
          "Continue a long-running call: the body is its callbackPayload (Content-Type: application/system+jwt).",
        body: CallsRunBody,
        response: longRunnerResponses,
      },
    },
    async (request, reply) => {
      const answer = await longRunner.resume(request.body as string, requestContext(request));
      reply.code(answer.status as 200);
      return answer.body;
    },
  );
  app.get(
    "/api/v2/calls/:jobTrackingID",
    {
      schema: {
        tags: ["Calls"],
        summary: "Where a call queued with longRunnerMode=async stands (the member who asked for it).",
        params: CallStatusParams,
        response: { 200: CallStatus },
      },
    },
    async (request) =>
      longRunner.status((request.params as CallStatusParams).jobTrackingID, requestContext(request).viewer),
  );
}
