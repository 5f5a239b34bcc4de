import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  Fragment,
  FragmentCommit,
  FragmentDeleted,
  FragmentDetails,
  FragmentDisclosure,
  FragmentFrameQuery,
  FragmentGetQuery,
  FragmentListQuery,
  FragmentParams,
  FragmentPatch,
  FragmentPost,
  FragmentRevisionQuery,
  FragmentRevisionsQuery,
} from "@parley/contracts";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { FragmentsService } from "./fragments.service.ts";

const tags = ["Fragments"];

/** The props a page gives a framed fragment, as JSON in the address, at most this long. */
const PROPS_MAX_LENGTH = 4_000;

const FrameQuery = Type.Object({
  ...FragmentFrameQuery.properties,
  props: Type.Optional(
    Type.String({ maxLength: PROPS_MAX_LENGTH, description: "The fragment's props: a JSON object." }),
  ),
});

function parseProps(json: string | undefined): Record<string, unknown> {
  if (json === undefined) return {};
  try {
    const value: unknown = JSON.parse(json);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Refused below.
  }
  throw validationFailed([fieldError("props", "invalid", "props must be a JSON object.", 422)]);
}

/** A committed revision's code never changes: browsers and proxies may keep it; a draft's, not at all. */
const cacheControl = (immutable: boolean) => (immutable ? "public, max-age=31536000, immutable" : "private, no-store");

/** /fragments: parse, call the service, set status and headers. */
export const fragmentsRoutes: FastifyPluginAsyncTypebox<{ service: FragmentsService }> = async (app, { service }) => {
  app.get(
    "/fragments",
    {
      schema: {
        tags,
        summary: "Each fragment's latest revision, or its revisions of a status, newest first (site.manage).",
        querystring: FragmentListQuery,
        response: { 200: Type.Array(Fragment) },
      },
    },
    async (request) => service.list(request.query, requestContext(request)),
  );
  app.post(
    "/fragments",
    {
      schema: {
        tags,
        summary: "Create a fragment: its first revision, a draft unless `commitMessage` is given (site.manage).",
        body: FragmentPost,
        response: { 201: FragmentDetails },
      },
    },
    async (request) => service.create(request.body, requestContext(request)),
  );
  app.get(
    "/fragments/disclosure-state",
    {
      schema: {
        tags,
        summary: "Whether the signed-in administrator accepted the custom code disclosure (site.manage).",
        response: { 200: FragmentDisclosure },
      },
    },
    async (request) => service.disclosure(requestContext(request)),
  );
  app.put(
    "/fragments/disclosure-state",
    {
      schema: {
        tags,
        summary: "Accept (or withdraw) the custom code disclosure (site.manage).",
        body: Type.Optional(Type.Partial(FragmentDisclosure)),
        response: { 200: FragmentDeleted },
      },
    },
    async (request) => service.setDisclosure(request.body ?? {}, requestContext(request)),
  );
  app.get(
    "/fragments/:fragmentUUID",
    {
      schema: {
        tags,
        summary: "A fragment with a revision's code: the one named, the active one, or the latest (site.manage).",
        params: FragmentParams,
        querystring: FragmentGetQuery,
        response: { 200: FragmentDetails },
      },
    },
    async (request) => service.get(request.params.fragmentUUID, request.query, requestContext(request)),
  );
  app.patch(
    "/fragments/:fragmentUUID",
    {
      schema: {
        tags,
        summary:
          "Change a fragment: its code goes into its draft (made when there is none); `commitMessage` commits it (site.manage).",
        params: FragmentParams,
        body: FragmentPatch,
        response: { 200: FragmentDetails },
      },
    },
    async (request) => service.update(request.params.fragmentUUID, request.body, requestContext(request)),
  );
  app.delete(
    "/fragments/:fragmentUUID",
    {
      schema: {
        tags,
        summary:
          "Delete a fragment, or with `fragmentRevisionUUID` one revision that is not the active one (site.manage).",
        params: FragmentParams,
        querystring: FragmentRevisionQuery,
        response: { 200: FragmentDeleted },
      },
    },
    async (request, reply) =>
      // Vanilla answers `{success: true}`, not the 204 of other deletions.
      reply
        .code(200)
        .send(
          await service.remove(
            request.params.fragmentUUID,
            request.query.fragmentRevisionUUID,
            requestContext(request),
          ),
        ),
  );
  app.post(
    "/fragments/:fragmentUUID/commit-revision",
    {
      schema: {
        tags,
        summary:
          "Commit a revision: a draft becomes the active one; a past revision is copied into a new active one (site.manage).",
        params: FragmentParams,
        body: FragmentCommit,
        response: { 201: FragmentDetails },
      },
    },
    async (request) => service.commit(request.params.fragmentUUID, request.body, requestContext(request)),
  );
  app.get(
    "/fragments/:fragmentUUID/revisions",
    {
      schema: {
        tags,
        summary: "A fragment's revisions, newest first (site.manage).",
        params: FragmentParams,
        querystring: FragmentRevisionsQuery,
        response: { 200: Type.Array(Fragment) },
      },
    },
    async (request) => service.revisions(request.params.fragmentUUID, request.query, requestContext(request)),
  );
  for (const kind of ["js", "css"] as const)
    app.get(
      `/fragments/:fragmentUUID/${kind}`,
      {
        schema: {
          tags,
          summary: `A revision's ${kind === "js" ? "JavaScript" : "CSS"}; without a revision, a redirect to the active one's (anyone for the active revision, site.manage for others).`,
          params: FragmentParams,
          querystring: FragmentRevisionQuery,
          response: { 200: Type.String(), 302: Type.Null() },
        },
      },
      async (request, reply) => {
        const code = await service.code(
          request.params.fragmentUUID,
          kind,
          request.query.fragmentRevisionUUID,
          request.viewer,
        );
        if ("redirect" in code) return reply.header("cache-control", "no-cache").redirect(code.redirect, 302);
        return reply
          .type(kind === "js" ? "application/javascript; charset=utf-8" : "text/css; charset=utf-8")
          .header("cache-control", cacheControl(code.immutable))
          .send(code.body);
      },
    );
  app.get(
    "/fragments/:fragmentUUID/frame",
    {
      schema: {
        tags,
        summary:
          "Parley: the sandboxed document a revision runs in (an opaque origin: its code cannot read the session), with `props` or a preview data set's.",
        params: FragmentParams,
        querystring: FrameQuery,
        response: { 200: Type.String() },
      },
    },
    async (request, reply) => {
      const { props, ...query } = request.query;
      const frame = await service.frame(request.params.fragmentUUID, query, parseProps(props), requestContext(request));
      return reply
        .type("text/html; charset=utf-8")
        .header("content-security-policy", frame.contentSecurityPolicy)
        .header("cache-control", query.fragmentRevisionUUID ? cacheControl(frame.immutable) : "no-cache")
        .send(frame.html);
    },
  );
};
