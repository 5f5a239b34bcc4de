import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import {
  limits,
  type Fragment,
  type FragmentCommit,
  type FragmentDetails,
  type FragmentDisclosure,
  type FragmentFile,
  type FragmentGetQuery,
  type FragmentListQuery,
  type FragmentPatch,
  type FragmentPost,
  type FragmentPreviewData,
  type FragmentRevisionsQuery,
  type FragmentView,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Clock } from "../../platform/clock.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import type { DB } from "../../platform/db/schema.ts";
import { conflict, fieldError, notFound, validationFailed } from "../../platform/errors.ts";
import type { EventBus } from "../../platform/events.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { fragmentFrame } from "./fragments.frame.ts";
import { fragmentsPolicy } from "./fragments.policy.ts";
import type { FragmentRevisionRow, FragmentRevisionWithFragment, FragmentsRepo } from "./fragments.repo.ts";

declare module "../../platform/events.ts" {
  interface EventMap {
    /** A fragment's active revision changed, or the fragment was deleted: pages that frame it show another. */
    "fragment.changed": { fragmentUUID: string };
  }
}

export interface FragmentsServiceOptions {
  db: Kysely<DB>;
  repo: FragmentsRepo;
  clock: Clock;
  events: EventBus;
  /** Where fragments are used: for each fragment placed anywhere, the layouts that place it. */
  fragmentViews: () => Promise<Map<string, FragmentView[]>>;
}

/** A time-ordered UUID (version 7, RFC 9562): revisions sort by it as by their date. */
function uuidV7(nowMs: number): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(nowMs, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const parseList = <T>(json: string): T[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
};

/** Orders revisions by when they were last edited; their ids are time-ordered, so they break ties. */
const recency = (row: FragmentRevisionRow) => `${new Date(row.dateInserted).toISOString()}|${row.fragmentRevisionUUID}`;

/** A revision's code as the service writes it. */
type RevisionCode = Pick<FragmentRevisionRow, "js" | "jsRaw" | "css" | "previewData" | "files">;

/** Preview data sets: distinct ids, and each one's props within their size. */
function checkPreviewData(previewData: FragmentPreviewData[] | undefined): void {
  if (!previewData) return;
  const seen = new Set<string>();
  const errors = previewData.flatMap((item, index) => {
    const problems = [];
    if (seen.has(item.previewDataUUID))
      problems.push(
        fieldError(`previewData/${index}/previewDataUUID`, "invalid", "Each preview data set needs its own id.", 422),
      );
    seen.add(item.previewDataUUID);
    if (JSON.stringify(item.data).length > limits.fragments.previewDataMaxLength)
      problems.push(
        fieldError(
          `previewData/${index}/data`,
          "invalid",
          `Preview data may hold at most ${limits.fragments.previewDataMaxLength} characters of JSON.`,
          422,
        ),
      );
    return problems;
  });
  if (errors.length) throw validationFailed(errors);
}

function trimmedName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw validationFailed([fieldError("name", "missingField", "Name is required.", 422)]);
  return trimmed;
}

/** Fragments: administrators' own widgets, their revisions, and the sandboxed frame pages run them in. */
export function createFragmentsService({ db, repo, clock, events, fragmentViews }: FragmentsServiceOptions) {
  const present = (
    row: FragmentRevisionWithFragment,
    latestUUID: string,
    origin: string,
    views: FragmentView[],
  ): Fragment => {
    const base = `${origin}/api/v2/fragments/${row.fragmentUUID}`;
    const revision = `fragmentRevisionUUID=${row.fragmentRevisionUUID}`;
    return {
      fragmentUUID: row.fragmentUUID,
      name: row.name,
      fragmentType: row.fragmentType,
      status: row.status,
      isLatest: row.fragmentRevisionUUID === latestUUID,
      fragmentRevisionUUID: row.fragmentRevisionUUID,
      revisionInsertUserID: row.insertUserID,
      dateRevisionInserted: toRfc3339(row.dateInserted),
      commitMessage: row.commitMessage,
      commitDescription: row.commitDescription,
      isApplied: views.length > 0,
      // The dashboard's editor of the fragment.
      url: `${origin}/dashboard/fragments/${row.fragmentUUID}`,
      jsUrl: `${base}/js?${revision}`,
      cssUrl: `${base}/css?${revision}`,
      frameUrl: `${base}/frame?${revision}`,
      fragmentViews: views,
    };
  };

  const details = (
    row: FragmentRevisionWithFragment,
    latestUUID: string,
    origin: string,
    views: FragmentView[],
  ): FragmentDetails => ({
    ...present(row, latestUUID, origin, views),
    js: row.js,
    jsRaw: row.jsRaw,
    css: row.css,
    previewData: parseList<FragmentPreviewData>(row.previewData),
    files: parseList<FragmentFile>(row.files),
  });

  const viewsOf = async (fragmentUUID: string) => (await fragmentViews()).get(fragmentUUID) ?? [];

  const latestUUID = async (fragmentUUID: string, scoped = repo) =>
    (await scoped.findLatest(fragmentUUID))?.fragmentRevisionUUID ?? "";

  async function mustFindFragment(fragmentUUID: string, scoped = repo) {
    const fragment = await scoped.findFragment(fragmentUUID);
    if (!fragment) throw notFound("Fragment");
    return fragment;
  }

  async function mustFindRevision(fragmentUUID: string, fragmentRevisionUUID: string, scoped = repo) {
    const revision = await scoped.findRevision(fragmentUUID, fragmentRevisionUUID);
    if (!revision) throw notFound("Fragment revision");
    return revision;
  }

  /** The revision a read names: one by its id, else the active one (404 when there is none). */
  async function revisionToRun(viewer: Viewer, fragmentUUID: string, fragmentRevisionUUID?: string) {
    const revision = fragmentRevisionUUID
      ? await repo.findRevision(fragmentUUID, fragmentRevisionUUID)
      : await repo.findByStatus(fragmentUUID, "active");
    // A draft or past revision is not disclosed to those who may not read it: 404, as for none.
    if (!revision || !fragmentsPolicy.canRun(viewer, revision.status)) throw notFound("Fragment");
    return revision;
  }

  /** Makes a revision the active one, in the transaction: the one before becomes a past revision. */
  async function activate(
    scoped: FragmentsRepo,
    revision: FragmentRevisionRow,
    commit: { commitMessage: string; commitDescription?: string | undefined },
  ): Promise<void> {
    await scoped.retireActive(revision.fragmentUUID);
    await scoped.updateRevision(revision.fragmentRevisionUUID, {
      status: "active",
      commitMessage: commit.commitMessage,
      commitDescription: commit.commitDescription ?? "",
    });
  }

  const codeOf = (body: FragmentPost | FragmentPatch, base?: RevisionCode): RevisionCode => ({
    js: body.js ?? base?.js ?? "",
    jsRaw: body.jsRaw ?? base?.jsRaw ?? "",
    css: body.css ?? base?.css ?? "",
    previewData: body.previewData ? JSON.stringify(body.previewData) : (base?.previewData ?? "[]"),
    files: body.files ? JSON.stringify(body.files) : (base?.files ?? "[]"),
  });

  return {
    /** Each fragment's revision of a status (its latest by default), newest first (site.manage). */
    async list(query: FragmentListQuery, { viewer, origin }: RequestContext): Promise<Fragment[]> {
      requireAccess(viewer, fragmentsPolicy.canManage);
      const status = query.status ?? "latest";
      const rows = await repo.list({
        ...(query.fragmentType !== undefined ? { fragmentType: query.fragmentType } : {}),
        ascending: query.sort === "dateRevisionInserted",
      });
      // Each fragment's latest revision: its newest (ids are time-ordered, so they break ties of date).
      const latest = new Map<string, FragmentRevisionWithFragment>();
      for (const row of rows) {
        const seen = latest.get(row.fragmentUUID);
        if (!seen || recency(row) > recency(seen)) latest.set(row.fragmentUUID, row);
      }
      const isLatest = (row: FragmentRevisionWithFragment) => latest.get(row.fragmentUUID) === row;
      const views = await fragmentViews();
      const applied = query.appliedStatus ?? "all";
      return rows
        .filter((row) => (status === "latest" ? isLatest(row) : row.status === status))
        .filter((row) => applied === "all" || views.has(row.fragmentUUID) === (applied === "applied"))
        .map((row) =>
          present(row, latest.get(row.fragmentUUID)!.fragmentRevisionUUID, origin, views.get(row.fragmentUUID) ?? []),
        );
    },

    /** A fragment with one revision's code: the one named, the active one, or the latest (site.manage). */
    async get(fragmentUUID: string, query: FragmentGetQuery, { viewer, origin }: RequestContext) {
      requireAccess(viewer, fragmentsPolicy.canManage);
      if (query.fragmentRevisionUUID && query.status)
        throw validationFailed([
          fieldError("status", "invalid", "Give either fragmentRevisionUUID or status, not both.", 422),
        ]);
      await mustFindFragment(fragmentUUID);
      const latest = await latestUUID(fragmentUUID);
      const row = query.fragmentRevisionUUID
        ? await mustFindRevision(fragmentUUID, query.fragmentRevisionUUID)
        : query.status === "active"
          ? await repo.findByStatus(fragmentUUID, "active")
          : await mustFindRevision(fragmentUUID, latest);
      if (!row) throw notFound("Fragment revision", "The fragment has no committed revision yet.");
      return details(row, latest, origin, await viewsOf(fragmentUUID));
    },

    /** A new fragment: its first revision, a draft unless a commit message is given (site.manage). */
    async create(body: FragmentPost, { viewer, origin }: RequestContext): Promise<FragmentDetails> {
      requireAccess(viewer, fragmentsPolicy.canManage);
      const name = trimmedName(body.name);
      checkPreviewData(body.previewData);
      const now = clock.nowIso();
      const fragmentUUID = uuidV7(clock.nowMs());
      const committed = body.commitMessage !== undefined && body.commitMessage.trim() !== "";
      await db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        await scoped.insertFragment({
          fragmentUUID,
          name,
          fragmentType: body.fragmentType.trim(),
          insertUserID: viewer.userID,
          dateInserted: now,
        });
        await scoped.insertRevision({
          fragmentRevisionUUID: uuidV7(clock.nowMs()),
          fragmentUUID,
          status: committed ? "active" : "draft",
          ...codeOf(body),
          commitMessage: committed ? body.commitMessage!.trim() : "",
          commitDescription: committed ? (body.commitDescription ?? "") : "",
          insertUserID: viewer.userID,
          dateInserted: now,
        });
      });
      if (committed) await events.emit("fragment.changed", { fragmentUUID });
      return this.get(fragmentUUID, {}, { viewer, origin, ip: "" });
    },

    /**
     * Changes a fragment (site.manage): its name, and its code in its draft (made from the latest revision when
     * it has none). With a commit message the draft is committed at once.
     */
    async update(fragmentUUID: string, body: FragmentPatch, context: RequestContext): Promise<FragmentDetails> {
      const { viewer } = context;
      requireAccess(viewer, fragmentsPolicy.canManage);
      const name = body.name === undefined ? undefined : trimmedName(body.name);
      checkPreviewData(body.previewData);
      const changesCode = (["js", "jsRaw", "css", "previewData", "files"] as const).some((key) => key in body);
      const commitMessage = body.commitMessage?.trim();
      let committed = false;
      await db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        await mustFindFragment(fragmentUUID, scoped);
        if (name !== undefined) await scoped.renameFragment(fragmentUUID, name);
        if (!changesCode && !commitMessage) return;
        let draft = await scoped.findByStatus(fragmentUUID, "draft");
        const now = clock.nowIso();
        if (draft) {
          await scoped.updateRevision(draft.fragmentRevisionUUID, {
            ...codeOf(body, draft),
            insertUserID: viewer.userID,
            dateInserted: now,
          });
        } else {
          const base = await scoped.findLatest(fragmentUUID);
          const row: FragmentRevisionRow = {
            fragmentRevisionUUID: uuidV7(clock.nowMs()),
            fragmentUUID,
            status: "draft",
            ...codeOf(body, base),
            commitMessage: "",
            commitDescription: "",
            insertUserID: viewer.userID,
            dateInserted: now,
          };
          await scoped.insertRevision(row);
          draft = { ...row, name: "", fragmentType: "" };
        }
        if (commitMessage) {
          await activate(scoped, draft, { commitMessage, commitDescription: body.commitDescription });
          committed = true;
        }
      });
      if (committed) await events.emit("fragment.changed", { fragmentUUID });
      return this.get(fragmentUUID, {}, context);
    },

    /**
     * Commits a revision (site.manage): a draft becomes the active one; a past revision is copied into a new
     * active one (going back to it keeps the history). The active one before becomes a past revision.
     */
    async commit(fragmentUUID: string, body: FragmentCommit, context: RequestContext): Promise<FragmentDetails> {
      const { viewer } = context;
      requireAccess(viewer, fragmentsPolicy.canManage);
      const commitMessage = body.commitMessage.trim();
      if (!commitMessage)
        throw validationFailed([fieldError("commitMessage", "missingField", "Commit message is required.", 422)]);
      let activeUUID = body.fragmentRevisionUUID;
      await db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        await mustFindFragment(fragmentUUID, scoped);
        const revision = await mustFindRevision(fragmentUUID, body.fragmentRevisionUUID, scoped);
        if (revision.status === "active") throw conflict("This revision is already the active one.");
        if (revision.status === "draft") {
          await activate(scoped, revision, { commitMessage, commitDescription: body.commitDescription });
          return;
        }
        const copy: FragmentRevisionRow = {
          ...revision,
          fragmentRevisionUUID: uuidV7(clock.nowMs()),
          status: "past-revision",
          insertUserID: viewer.userID,
          dateInserted: clock.nowIso(),
        };
        delete (copy as Partial<FragmentRevisionWithFragment>).name;
        delete (copy as Partial<FragmentRevisionWithFragment>).fragmentType;
        await scoped.insertRevision(copy);
        await activate(scoped, copy, { commitMessage, commitDescription: body.commitDescription });
        activeUUID = copy.fragmentRevisionUUID;
      });
      await events.emit("fragment.changed", { fragmentUUID });
      return this.get(fragmentUUID, { fragmentRevisionUUID: activeUUID }, context);
    },

    /** Deletes a fragment, or one of its revisions other than the active one (site.manage). */
    async remove(fragmentUUID: string, fragmentRevisionUUID: string | undefined, { viewer }: RequestContext) {
      requireAccess(viewer, fragmentsPolicy.canManage);
      await db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        await mustFindFragment(fragmentUUID, scoped);
        if (!fragmentRevisionUUID) return scoped.deleteFragment(fragmentUUID);
        const revision = await mustFindRevision(fragmentUUID, fragmentRevisionUUID, scoped);
        if (revision.status === "active")
          throw conflict(
            "The active revision cannot be deleted.",
            "Commit another revision first, or delete the whole fragment.",
          );
        return scoped.deleteRevision(fragmentRevisionUUID);
      });
      if (!fragmentRevisionUUID) await events.emit("fragment.changed", { fragmentUUID });
      return { success: true };
    },

    /** A fragment's revisions, newest first (site.manage). */
    async revisions(fragmentUUID: string, query: FragmentRevisionsQuery, { viewer, origin }: RequestContext) {
      requireAccess(viewer, fragmentsPolicy.canManage);
      await mustFindFragment(fragmentUUID);
      const limit = query.limit ?? limits.fragments.revisionsDefaultLimit;
      const rows = await repo.revisions(
        fragmentUUID,
        { offset: ((query.page ?? 1) - 1) * limit, limit },
        query.commitMessage?.trim(),
      );
      const latest = await latestUUID(fragmentUUID);
      const views = await viewsOf(fragmentUUID);
      return rows.map((row) => present(row, latest, origin, views));
    },

    /**
     * A revision's JavaScript or CSS: without a revision, where the active one's is (a redirect); a committed
     * revision's never changes. Anyone reads the active revision's; managers every revision's.
     */
    async code(
      fragmentUUID: string,
      kind: "js" | "css",
      fragmentRevisionUUID: string | undefined,
      viewer: Viewer,
    ): Promise<{ redirect: string } | { body: string; immutable: boolean }> {
      const revision = await revisionToRun(viewer, fragmentUUID, fragmentRevisionUUID);
      if (!fragmentRevisionUUID)
        return {
          redirect: `/api/v2/fragments/${fragmentUUID}/${kind}?fragmentRevisionUUID=${revision.fragmentRevisionUUID}`,
        };
      return { body: revision[kind], immutable: revision.status !== "draft" };
    },

    /** The sandboxed document a revision runs in, with props from the page or one of its preview data sets. */
    async frame(
      fragmentUUID: string,
      query: { fragmentRevisionUUID?: string | undefined; previewDataUUID?: string | undefined },
      props: Record<string, unknown>,
      { viewer, origin }: RequestContext,
    ) {
      const revision = await revisionToRun(viewer, fragmentUUID, query.fragmentRevisionUUID);
      let frameProps = props;
      if (query.previewDataUUID) {
        const preview = parseList<FragmentPreviewData>(revision.previewData).find(
          (item) => item.previewDataUUID === query.previewDataUUID,
        );
        if (!preview) throw notFound("Preview data");
        frameProps = preview.data;
      }
      return {
        ...fragmentFrame({ name: revision.name, js: revision.js, css: revision.css, props: frameProps, origin }),
        immutable: revision.status !== "draft",
      };
    },

    async disclosure({ viewer }: RequestContext): Promise<FragmentDisclosure> {
      requireAccess(viewer, fragmentsPolicy.canManage);
      return { didAccept: await repo.hasAcceptedDisclosure(viewer.userID) };
    },

    async setDisclosure(body: Partial<FragmentDisclosure>, { viewer }: RequestContext) {
      requireAccess(viewer, fragmentsPolicy.canManage);
      await repo.setDisclosure(viewer.userID, body.didAccept ?? true, clock.nowIso());
      return { success: true };
    },
  };
}

export type FragmentsService = ReturnType<typeof createFragmentsService>;
