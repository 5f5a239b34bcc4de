import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import type { OutboxMail } from "./server.ts";

export interface Member {
  name: string;
  email: string;
  password: string;
}

/** A member nobody has registered yet (names: 3 to 20 letters, digits, `_`, `-`, `.`). */
export function newMember(prefix: string): Member {
  const suffix = randomBytes(3).toString("hex");
  const name = `${prefix.slice(0, 12)}_${suffix}`;
  return { name, email: `${name.toLowerCase()}@example.test`, password: `pw-${suffix}-long-enough` };
}

/** Registers through the API as a guest (no cookie, so no CSRF check); signs nobody in. */
export async function registerThroughApi(baseUrl: string, member: Member): Promise<number> {
  const response = await fetch(`${baseUrl}/api/v2/users/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(member),
  });
  if (response.status !== 201) throw new Error(`Registering ${member.name} answered ${response.status}.`);
  return ((await response.json()) as { userID: number }).userID;
}

export type MailLinkKind = "emailconfirm" | "passwordreset" | "emailchange";

export interface MailLink {
  /** The link as written in the mail. */
  url: string;
  /** Its path: /entry/<kind>/<userID>/<token> (/entry/emailchange/<token> has no userID). */
  pathname: string;
  /** 0 for a link without one. */
  userID: number;
  mail: OutboxMail;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for the newest mail to `to` whose text carries an /entry/<kind>/<userID>/<token> link on
 * the server's own origin, and returns the link (this polls the outbox).
 */
export async function mailLink(
  server: { readonly baseUrl: string; readOutbox(): Promise<OutboxMail[]> },
  { to, kind, after = 0 }: { to: string; kind: MailLinkKind; after?: number },
): Promise<MailLink> {
  const origin = server.baseUrl;
  const pattern = new RegExp(`${origin.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/entry/${kind}/(?:(\\d+)/)?([\\w-]+)`);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = (await server.readOutbox()).slice(after).filter((mail) => mail.to === to);
    const mail = mails.reverse().find((candidate) => pattern.test(candidate.text));
    if (mail) {
      const match = pattern.exec(mail.text)!;
      return { url: match[0], pathname: new URL(match[0]).pathname, userID: Number(match[1] ?? 0), mail };
    }
    if (Date.now() > deadline) {
      const subjects = (await server.readOutbox()).map((other) => `${other.to}: ${other.subject}`).join("\n");
      throw new Error(`No /entry/${kind}/ mail to ${to} in the outbox. It holds:\n${subjects || "(nothing)"}`);
    }
    await delay(100);
  }
}

/** A response the test provokes on purpose (a form with bad input), which Chromium logs as an error. */
export interface ExpectedFailure {
  method: string;
  /** Path of the request, without the query string. */
  pathname: string;
  status: number;
}

/**
 * Records every response with a status of 400 or more: a test compares them with the failures it
 * provoked, and only those may account for Chromium's own "Failed to load resource" console lines.
 */
export function recordFailedResponses(page: Page): ExpectedFailure[] {
  const failures: ExpectedFailure[] = [];
  page.on("response", (response) => {
    if (response.status() < 400) return;
    const url = new URL(response.url());
    failures.push({ method: response.request().method(), pathname: url.pathname, status: response.status() });
  });
  return failures;
}

/**
 * Console errors other than Chromium's "Failed to load resource: the server responded with a status
 * of N" for exactly the given (intentional) failures: same path and same status.
 */
export function unexpectedErrors(errors: readonly string[], allowed: readonly ExpectedFailure[]): string[] {
  return errors.filter((error) => {
    const match =
      /^console\.error: Failed to load resource: the server responded with a status of (\d+) .*\((.+):\d+\)$/.exec(
        error,
      );
    if (!match) return true;
    const [, status, url] = match;
    const pathname = new URL(url!).pathname;
    return !allowed.some((failure) => failure.status === Number(status) && failure.pathname === pathname);
  });
}

/**
 * Registers through the API and opens the confirmation link from the outbox (a plain GET of the
 * page, which confirms): the member leaves the "Unconfirmed" role and may post.
 */
export async function registerConfirmed(
  server: { readonly baseUrl: string; readOutbox(): Promise<OutboxMail[]> },
  member: Member,
): Promise<number> {
  const userID = await registerThroughApi(server.baseUrl, member);
  const link = await mailLink(server, { to: member.email, kind: "emailconfirm" });
  const response = await fetch(link.url, { redirect: "manual" });
  const location = response.headers.get("location") ?? "";
  if (response.status >= 400 || !location.endsWith("/entry/emailconfirmed")) {
    throw new Error(`Confirming ${member.name} answered ${response.status} ${location}.`);
  }
  return userID;
}

/** Signs a page's browser context in through the API (the session cookie lands in the context). */
export async function signInContext(page: Page, baseUrl: string, member: Pick<Member, "name" | "password">) {
  const response = await page.request.post(`${baseUrl}/api/v2/authenticate/password`, {
    data: { username: member.name, password: member.password },
  });
  if (response.status() !== 201) throw new Error(`Signing in ${member.name} answered ${response.status()}.`);
}
