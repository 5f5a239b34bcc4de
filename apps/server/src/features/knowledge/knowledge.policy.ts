import { authorize, can } from "../../platform/auth/authorize.ts";
import { isSignedIn, type Viewer } from "../../platform/auth/viewer.ts";

/*
 * Who may do what in the knowledge base. The names are global grants (per-base grants are not built):
 * `kb.view` to read, `articles.add` to write articles and organise categories, `site.manage` for the bases.
 */

const global = { mode: "global" } as const;

export type KnowledgeAction = "view" | "write" | "manageBases";

const permissionOf = { view: "kb.view", write: "articles.add", manageBases: "site.manage" } as const;

export const knowledgePolicy = {
  can: (viewer: Viewer, action: KnowledgeAction): boolean => can(viewer, permissionOf[action], global),

  /** 401 for banned or deleted accounts, 403 without the permission. */
  authorize: (viewer: Viewer, action: KnowledgeAction): void => authorize(viewer, permissionOf[action], global),

  /** Deleted bases and articles are seen by those who may write articles only. */
  seesDeleted: (viewer: Viewer): boolean => can(viewer, "articles.add", global),

  /** A signed-in reader answers "Was this article helpful?". */
  canReact: (viewer: Viewer): boolean => isSignedIn(viewer) && can(viewer, "kb.view", global),

  /** What the viewer may do with an article (`permissions` of the record). */
  articlePermissions(viewer: Viewer): Record<string, boolean> {
    const write = can(viewer, "articles.add", global);
    return {
      "articles.add": write,
      edit: write,
      delete: write,
      status: write,
      feature: write,
      react: knowledgePolicy.canReact(viewer),
    };
  },
};
