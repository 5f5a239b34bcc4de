import type { PostFormat } from "../../platform/render/index.ts";

/** A post quoted in a body. */
export interface QuotedPost {
  recordType: "discussion" | "comment";
  recordID: number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** `…/discussion/comment/12` or `…/discussion/12/slug` → the post. */
function postOfUrl(url: unknown): QuotedPost | null {
  if (typeof url !== "string") return null;
  const comment = /\/discussion\/comment\/(\d+)/.exec(url);
  if (comment) return { recordType: "comment", recordID: Number(comment[1]) };
  const discussion = /\/discussion\/(\d+)(?:[/?#]|$)/.exec(url);
  return discussion ? { recordType: "discussion", recordID: Number(discussion[1]) } : null;
}

/** The record named by a quote embed's data (`recordType` + `recordID`, or `commentID` / `discussionID`, or its url). */
function postOfEmbed(data: Record<string, unknown>): QuotedPost | null {
  const type = typeof data["recordType"] === "string" ? data["recordType"].toLowerCase() : "";
  const id = Number(data["recordID"]);
  if ((type === "comment" || type === "discussion") && Number.isInteger(id) && id > 0)
    return { recordType: type, recordID: id };
  if (Number.isInteger(Number(data["commentID"])) && Number(data["commentID"]) > 0)
    return { recordType: "comment", recordID: Number(data["commentID"]) };
  if (Number.isInteger(Number(data["discussionID"])) && Number(data["discussionID"]) > 0)
    return { recordType: "discussion", recordID: Number(data["discussionID"]) };
  return postOfUrl(data["url"]);
}

function walkRich2(node: unknown, found: QuotedPost[], depth = 0): void {
  if (depth > 100) return;
  if (Array.isArray(node)) {
    for (const child of node) walkRich2(child, found, depth + 1);
    return;
  }
  if (!isObject(node)) return;
  const embed = isObject(node["embedData"]) ? node["embedData"] : null;
  if (node["type"] === "rich_embed_card" && embed && embed["embedType"] === "quote") {
    const post = postOfEmbed({ url: node["url"], ...embed });
    if (post) found.push(post);
  }
  if (Array.isArray(node["children"])) walkRich2(node["children"], found, depth + 1);
}

function walkRich(ops: unknown, found: QuotedPost[]): void {
  if (!Array.isArray(ops)) return;
  for (const op of ops) {
    const insert = isObject(op) && isObject(op["insert"]) ? op["insert"] : null;
    const external = insert && isObject(insert["embed-external"]) ? insert["embed-external"] : null;
    const data = external && isObject(external["data"]) ? external["data"] : null;
    if (data && data["embedType"] === "quote") {
      const post = postOfEmbed(data);
      if (post) found.push(post);
    }
  }
}

/** BBCode `[quote="Name;123"]` (a comment), `;c-123`, `;d-123` (Vanilla's forms). */
function walkBBCode(body: string, found: QuotedPost[]): void {
  for (const match of body.matchAll(/\[quote=["']?[^\]"';]*;\s*([cd]-)?(\d+)["']?\]/gi)) {
    found.push({ recordType: match[1]?.toLowerCase() === "d-" ? "discussion" : "comment", recordID: Number(match[2]) });
  }
}

/**
 * The posts a body quotes: rich2 and rich quote embeds (Vanilla's "Quote" button), BBCode quotes naming
 * a post. Markdown, text and HTML quotes do not name the quoted post, so they notify no one.
 */
export function extractQuotes(body: string, format: PostFormat): QuotedPost[] {
  const found: QuotedPost[] = [];
  try {
    if (format === "rich2") walkRich2(JSON.parse(body), found);
    else if (format === "rich") walkRich(JSON.parse(body), found);
    else if (format === "bbcode") walkBBCode(body, found);
  } catch {
    return [];
  }
  const seen = new Set<string>();
  return found.filter((post) => {
    const key = `${post.recordType}:${post.recordID}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
