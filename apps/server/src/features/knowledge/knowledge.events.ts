/** What the article events carry (emitted after their transaction commits; search indexing may listen). */
export interface ArticleEvent {
  articleID: number;
  knowledgeBaseID: number;
  knowledgeCategoryID: number;
  status: string;
  actorUserID: number;
}

declare module "../../platform/events.ts" {
  interface EventMap {
    "article.created": ArticleEvent;
    /** Name, body, category, sort or featured changed. */
    "article.updated": ArticleEvent;
    /** Published, deleted or restored (`status` is the new one). */
    "article.statusChanged": ArticleEvent & { previousStatus: string };
    /** A base or one of its categories was created, changed or deleted, or an article's helpful answers changed. */
    "knowledge.changed": { knowledgeBaseID: number; actorUserID: number };
  }
}
