import {
  digestMaxDiscussions,
  digestMessages,
  digestPreference,
  type DigestDeliveryDates,
  type DigestPreview,
  type DigestPreviewQuery,
  type EmailSendTestDigest,
  type UnsubscribeTopic,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { UserRow } from "../../platform/auth/auth.repo.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { notFound } from "../../platform/errors.ts";
import { sendTestMail } from "../../platform/mail/mailer.ts";
import { isTimeZone } from "../../platform/site-config.ts";
import { followedCategoryIDs, type CategoryDirectory } from "../categories/index.ts";
import { composeDigest } from "./digest.compose.ts";
import { digestPolicy } from "./digest.policy.ts";
import type { DigestRepo } from "./digest.repo.ts";
import { digestWindowStart, latestDigestDate, upcomingDigestDates, type DigestSchedule } from "./digest.schedule.ts";

/** The job that sends each digest when its date comes (every process runs it; the claim makes it once). */
export const DIGEST_JOB = "emailDigest";
/** How often the job looks whether a digest is due. */
export const DIGEST_JOB_EVERY_MS = 5 * 60_000;
/** A digest whose date passed longer ago than this (the forum was down) is not sent late. */
const LATE_MS = 24 * 60 * 60_000;
/** Members claimed and sent at a time. */
const BATCH = 50;

export interface DigestDeps {
  repo: DigestRepo;
  platform: Platform;
  categories: CategoryDirectory;
  /** The notifications' signed unsubscribe token (the same signing, so the same unsubscribe routes). */
  unsubscribeToken: (userID: number, topic: UnsubscribeTopic) => Promise<string>;
  onError: (error: unknown) => void;
}

/**
 * The weekly e-mail digest: each opted-in member's best new discussions (score, then comments) of the week
 * before the digest's date, from the categories they follow or else every category they may read, and only
 * what they may read now. Each member's digest is a row claimed by one insert, so several processes running
 * the job send it once.
 */
export function createDigestService(deps: DigestDeps) {
  const { repo, platform, categories } = deps;
  const { clock, siteConfig } = platform;

  async function settings(): Promise<DigestSchedule & { enabled: boolean }> {
    const [enabled, dayOfWeek, hour, timeZone] = await Promise.all([
      siteConfig.get("emailDigest.enabled"),
      siteConfig.get("emailDigest.dayOfWeek"),
      siteConfig.get("emailDigest.hour"),
      siteConfig.get("emailDigest.timeZone"),
    ]);
    return { enabled, dayOfWeek, hour, timeZone: isTimeZone(timeZone) ? timeZone : "UTC" };
  }

  /** A member's digest of a date (its list empty when there is nothing new they may read). */
  async function build(user: UserRow, dateScheduled: Date, to = user.email) {
    const member: Viewer = await platform.sessions.viewerFor(user, "cookie", null);
    const visible = await categories.visibleIDs(member);
    const readable = new Set(visible);
    const followed = (await followedCategoryIDs(platform.db, user.userID)).filter((id) => readable.has(id));
    const rows = (
      await repo.bestDiscussions(
        followed.length ? followed : visible,
        digestWindowStart(dateScheduled).toISOString(),
        dateScheduled.toISOString(),
        digestMaxDiscussions,
      )
    ).filter((row) => digestPolicy.canRead(member, row));
    const mail = composeDigest({
      to,
      name: user.name,
      site: await siteConfig.get("garden.title"),
      origin: platform.config.publicUrl,
      discussions: rows,
      followed: followed.length > 0,
      token: await deps.unsubscribeToken(user.userID, digestPreference),
    });
    return { mail, discussionIDs: rows.map((row) => row.discussionID) };
  }

  /** Sends the digest of `dateScheduled` to every opted-in member not claimed yet; returns how many it sent. */
  async function sendDigest(dateScheduled: Date): Promise<number> {
    const date = dateScheduled.toISOString();
    let sent = 0;
    let after = 0;
    for (;;) {
      const batch = await repo.subscribers(after, BATCH);
      if (!batch.length) break;
      after = batch.at(-1)!.userID;
      const claimed = new Set(
        await repo.claim(
          batch.map((user) => user.userID),
          date,
          clock.nowIso(),
        ),
      );
      for (const user of batch.filter((row) => claimed.has(row.userID))) {
        try {
          const digest = user.emailConfirmed === 1 ? await build(user, dateScheduled) : null;
          if (!digest?.discussionIDs.length) {
            await repo.finish(user.userID, date, "skipped", 0, clock.nowIso());
            continue;
          }
          await platform.mailer.send(digest.mail);
          await repo.finish(user.userID, date, "sent", digest.discussionIDs.length, clock.nowIso());
          sent += 1;
        } catch (error) {
          await repo.finish(user.userID, date, "failed", 0, clock.nowIso()).catch(deps.onError);
          deps.onError(error);
        }
      }
    }
    return sent;
  }

  const memberOf = async (userID: number) => {
    const user = await repo.user(userID);
    if (!user || user.deleted === 1) throw notFound("User");
    return user;
  };

  return {
    sendDigest,

    /** The job: the latest digest date, when the digest is on and that date is less than a day past. */
    async runDue(): Promise<number> {
      const schedule = await settings();
      if (!schedule.enabled) return 0;
      const now = clock.now();
      const due = latestDigestDate(now, schedule);
      const sent = now.getTime() - due.getTime() <= LATE_MS ? await sendDigest(due) : 0;
      const [next] = upcomingDigestDates(now, schedule, 1);
      if (next) platform.jobs.wakeAt(DIGEST_JOB, next);
      return sent;
    },

    /** `GET /digest/delivery-dates`: the last 5 digests sent, the next one and the four after (even while off). */
    async deliveryDates(viewer: Viewer): Promise<DigestDeliveryDates> {
      requireAccess(viewer, digestPolicy.canManage);
      const schedule = await settings();
      const [sent, subscribers] = await Promise.all([repo.sentDigests(5), repo.countSubscribers()]);
      const [next = clock.now(), ...upcoming] = upcomingDigestDates(clock.now(), schedule, 5);
      return {
        sent: sent.map((row) => ({ dateScheduled: toRfc3339(row.dateScheduled), totalSubscribers: row.total })),
        scheduled: { dateScheduled: toRfc3339(next), totalSubscribers: subscribers },
        upcoming: upcoming.map((date) => toRfc3339(date)),
      };
    },

    /** `POST /emails/send-test-digest`: a member's digest to an address (the member gets nothing). */
    async sendTest(body: EmailSendTestDigest, viewer: Viewer): Promise<void> {
      requireAccess(viewer, digestPolicy.canManage);
      const user = await memberOf(body.destinationUserID);
      const date = body.deliveryDate ? new Date(body.deliveryDate) : clock.now();
      const { mail } = await build(user, date, body.destinationAddress);
      await sendTestMail(platform.mailer, mail, body.from, digestMessages.testFailed);
    },

    /**
     * `POST /emails/send-digest-internal`: a digest dated now to every opted-in member, besides the weekly ones
     * (their dates and claims are their own). Sent after the answer; `sending` resolves when it is done.
     */
    async sendNow(viewer: Viewer): Promise<{ dateScheduled: string; sending: Promise<number> }> {
      requireAccess(viewer, digestPolicy.canManage);
      const now = clock.now();
      return { dateScheduled: toRfc3339(now), sending: sendDigest(now) };
    },

    /** `GET /digest/preview`: a member's (or the viewer's own) digest as it would go, without sending it. */
    async preview(query: DigestPreviewQuery, viewer: Viewer): Promise<DigestPreview> {
      requireAccess(viewer, digestPolicy.canManage);
      const user = await memberOf(query.userID ?? viewer.userID);
      const date = query.deliveryDate ? new Date(query.deliveryDate) : clock.now();
      const digest = await build(user, date);
      return {
        userID: user.userID,
        dateScheduled: toRfc3339(date),
        subject: digest.mail.subject,
        text: digest.mail.text,
        html: digest.mail.html,
        discussionIDs: digest.discussionIDs,
      };
    },
  };
}

export type DigestService = ReturnType<typeof createDigestService>;
