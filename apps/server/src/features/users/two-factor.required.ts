import type { FastifyInstance } from "fastify";
import { twoFactorMessages, twoFactorPagePath } from "@parley/contracts";
import { HttpError } from "../../platform/errors.ts";
import { clientOf } from "../../platform/http/client-address.ts";
import type { TwoFactorRepo } from "./two-factor.repo.ts";
import type { TwoFactorService } from "./two-factor.service.ts";

/** What an administrator who must turn two-factor on may still reach: its API, who they are, and signing out. */
const allowedApi = [/^\/api\/v2\/users\/me\/two-factor(?:\/|$)/, /^\/api\/v2\/users\/me$/, /^\/api\/v2\/authenticate$/];
const allowedPages = [twoFactorPagePath, "/entry/signout"];

/**
 * `security.requireAdminTwoFactor`: an administrator signed in (by session) without two-factor reaches nothing but its
 * enrolment until it is on: API calls answer 403 saying so, pages send them to `/profile/two-factor`. A page's own
 * calls (rendering the enrolment page) pass: the page was already let through.
 */
export function requireAdminTwoFactor(app: FastifyInstance, twoFactor: TwoFactorService, repo: TwoFactorRepo): void {
  app.addHook("preHandler", async (request, reply) => {
    const viewer = request.viewer;
    if (!viewer || viewer.userID === 0 || viewer.via !== "cookie" || clientOf(request).ssr) return;
    const path = request.url.split("?")[0] ?? "";
    const isApi = path.startsWith("/api/");
    if (isApi ? allowedApi.some((pattern) => pattern.test(path)) : allowedPages.includes(path)) return;
    if (!isApi && !(request.headers.accept ?? "").includes("text/html")) return;
    if (!(await twoFactor.isRequired(viewer))) return;
    if ((await repo.of(viewer.userID))?.dateEnabled) return;
    if (isApi) throw new HttpError(403, twoFactorMessages.adminRequired);
    return reply.redirect(twoFactorPagePath, 303);
  });
}
