import { ROOT_CATEGORY_ID } from "@parley/contracts";
import { createRandom, type Random } from "./random.ts";
import type { SizeSpec } from "./sizes.ts";
import { discussionTitle, slugify } from "./text.ts";
import { domains, firstNames, handles, lastNames, leafNames, topQualifiers } from "./vocabulary.ts";

/**
 * The shape of the generated forum, decided before anything is written: who joined when, which
 * discussion lives where, when every comment was posted and by whom. Bodies are generated later,
 * while inserting, so the plan holds numbers (typed arrays) and short strings only, even at 1M posts.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface PlannedCategory {
  categoryID: number;
  parentCategoryID: number;
  depth: number;
  sort: number;
  name: string;
  urlcode: string;
  description: string;
  displayAs: "categories" | "discussions";
  domain: number;
  dateInserted: number;
  /** The discussion and comment of the subtree's latest post (what `dateLastPost` points at). */
  lastDiscussionID: number | null;
  lastCommentID: number | null;
}

export interface FirstIds {
  user: number;
  category: number;
  discussion: number;
  comment: number;
}

export interface PlanSamples {
  /** A discussion with at least one full page (30) of comments, when there is one. */
  discussionID: number;
  discussionSlug: string;
  discussionComments: number;
  /** The busiest category that holds discussions. */
  categoryID: number;
  categoryUrlcode: string;
  /** How many discussions the busiest category holds (for a deep page of it). */
  categoryDiscussions: number;
  /** A word that occurs in many posts. */
  searchQuery: string;
  /** Two words of the same community's text (both required). */
  searchTwoWords: string;
  /** A phrase that occurs in the generated text. */
  searchPhrase: string;
  /**
   * A plain member (role member, no title) whom the seed gives a password, so the bench can sign in
   * and measure a member's request, which no guest cache answers.
   */
  memberName: string;
}

export interface Plan {
  now: number;
  ids: FirstIds;
  categories: PlannedCategory[];
  users: {
    names: string[];
    titles: (string | null)[];
    joined: Float64Array;
    lastActive: Float64Array;
    countDiscussions: Int32Array;
    countComments: Int32Array;
  };
  discussions: {
    titles: string[];
    time: Float64Array;
    /** Index into `categories`. */
    category: Int32Array;
    /** Index into the users. */
    author: Int32Array;
    countComments: Int32Array;
    lastTime: Float64Array;
    lastAuthor: Int32Array;
    /** Index of the last comment, -1 when none. */
    lastComment: Int32Array;
  };
  /** In commentID order, which is also time order. */
  comments: {
    time: Float64Array;
    discussion: Int32Array;
    author: Int32Array;
  };
  samples: PlanSamples;
}

const genericSubcategories = [
  "General",
  "Help & Support",
  "Marketplace",
  "Off Topic",
  "Meetups",
  "Reviews",
  "News",
  "Wiki",
];

function planCategories(spec: SizeSpec, r: Random, firstId: number, now: number): PlannedCategory[] {
  const categories: PlannedCategory[] = [];
  const urlcodes = new Set<string>();
  const uniqueCode = (base: string) => {
    let code = base;
    for (let n = 2; urlcodes.has(code); n++) code = `${base}-${n}`;
    urlcodes.add(code);
    return code;
  };
  const childCount = new Map<number, number>();
  const add = (name: string, parent: PlannedCategory | null, domain: number) => {
    const parentID = parent ? parent.categoryID : ROOT_CATEGORY_ID;
    const sort = childCount.get(parentID) ?? 0;
    childCount.set(parentID, sort + 1);
    const d = domains[domain]!;
    const category: PlannedCategory = {
      categoryID: firstId + categories.length,
      parentCategoryID: parentID,
      depth: parent ? parent.depth + 1 : 1,
      sort,
      name,
      urlcode: uniqueCode(parent ? `${parent.urlcode}-${slugify(name)}` : slugify(name)),
      description: parent
        ? `${name} for ${d.members}: questions, write-ups and everything in between.`
        : `Where ${d.members} meet: ${d.subcategories.slice(0, 3).join(", ").toLowerCase()} and more.`,
      displayAs: "discussions",
      domain,
      dateInserted: now - 400 * DAY + r.int(30 * DAY),
      lastDiscussionID: null,
      lastCommentID: null,
    };
    if (parent) parent.displayAs = "categories";
    categories.push(category);
    return category;
  };

  const tops: PlannedCategory[] = [];
  for (let i = 0; i < spec.categories.top; i++) {
    const domain = i % domains.length;
    const qualifier = topQualifiers[Math.floor(i / domains.length) % topQualifiers.length]!;
    const name = qualifier ? `${domains[domain]!.name} – ${qualifier}` : domains[domain]!.name;
    tops.push(add(name, null, domain));
  }
  // A third of the top-level categories have children; a quarter of those children have their own.
  const childParents = Math.max(1, Math.ceil(tops.length / 3));
  const children: PlannedCategory[] = [];
  for (let i = 0; i < spec.categories.children; i++) {
    const parent = tops[i % childParents]!;
    const k = Math.floor(i / childParents);
    const names = [...domains[parent.domain]!.subcategories, ...genericSubcategories];
    const name = names[k % names.length]! + (k >= names.length ? ` ${Math.floor(k / names.length) + 1}` : "");
    children.push(add(name, parent, parent.domain));
  }
  const grandParents = Math.max(1, Math.ceil(children.length / 4));
  for (let i = 0; i < spec.categories.grandchildren; i++) {
    const parent = children[i % grandParents]!;
    const k = Math.floor(i / grandParents);
    const name =
      leafNames[k % leafNames.length]! + (k >= leafNames.length ? ` ${Math.floor(k / leafNames.length) + 1}` : "");
    add(name, parent, parent.domain);
  }
  return categories;
}

function planUserNames(count: number, r: Random): string[] {
  const names: string[] = [];
  const taken = new Set<string>(["admin"]);
  for (let i = 0; i < count; i++) {
    const first = r.pick(firstNames);
    const last = r.pick(lastNames);
    let name: string;
    switch (i % 3) {
      case 0:
        name = `${first} ${last}`;
        break;
      case 1:
        name = `${first.toLowerCase()}_${last.charAt(0).toLowerCase()}`;
        break;
      default:
        name = `${r.pick(handles)}${r.between(1, 99)}`;
    }
    let unique = name;
    for (let n = 2; taken.has(unique.toLowerCase()); n++) unique = `${name}${n}`;
    taken.add(unique.toLowerCase());
    names.push(unique);
  }
  return names;
}

/** Number of entries of a sorted array that are ≤ value. */
function countAtMost(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Spreads `total` over `n` slots with a long tail: most threads are short, a few are very long. */
function skewedCounts(n: number, total: number, r: Random): Int32Array {
  const weights = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const e = r.exponential(1);
    weights[i] = e * e;
    sum += e * e;
  }
  const counts = new Int32Array(n);
  let assigned = 0;
  for (let i = 0; i < n; i++) {
    counts[i] = Math.floor((total * weights[i]!) / sum);
    assigned += counts[i]!;
  }
  while (assigned < total && n > 0) {
    counts[r.int(n)]! += 1;
    assigned += 1;
  }
  return counts;
}

export function planForum(spec: SizeSpec, options: { seed: number; now: number; ids: FirstIds }): Plan {
  const { now, ids } = options;
  const r = createRandom(options.seed);
  const titleRandom = createRandom(options.seed ^ 0x5eed);

  const categories = planCategories(spec, r, ids.category, now);
  const leaves = categories.map((c, index) => ({ c, index })).filter(({ c }) => c.displayAs === "discussions");
  // Busy and quiet categories: Zipf-like weights over a shuffled order.
  const leafWeights = leaves.map(() => 0);
  const order = leaves.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  order.forEach((leaf, rank) => (leafWeights[leaf] = 1 / Math.pow(rank + 1, 0.8)));
  const cumulative = new Float64Array(leaves.length);
  leafWeights.reduce((sum, weight, i) => (cumulative[i] = sum + weight), 0);
  const pickLeaf = () => {
    const target = r.next() * cumulative[cumulative.length - 1]!;
    const i = Math.min(leaves.length - 1, countAtMost(cumulative, target));
    return leaves[i]!.index;
  };

  // Users joined over the last 400 days; older members post more.
  const userCount = spec.users;
  const joined = new Float64Array(userCount);
  for (let i = 0; i < userCount; i++) joined[i] = i === 0 ? now - 400 * DAY : now - 400 * DAY + r.next() * 397 * DAY;
  joined.sort();
  const pickUser = (at: number) => {
    const eligible = Math.max(1, countAtMost(joined, at));
    return Math.floor(eligible * Math.pow(r.next(), 1.4));
  };
  const users: Plan["users"] = {
    names: planUserNames(userCount, r),
    titles: Array.from({ length: userCount }, () => (r.chance(0.01) ? "Moderator" : r.chance(0.1) ? "Regular" : null)),
    joined,
    lastActive: Float64Array.from(joined),
    countDiscussions: new Int32Array(userCount),
    countComments: new Int32Array(userCount),
  };
  const touch = (user: number, at: number) => {
    if (at > users.lastActive[user]!) users.lastActive[user] = at;
  };

  // Discussions over the past year, in ID order = time order.
  const D = spec.discussions;
  const discussionTime = new Float64Array(D);
  for (let i = 0; i < D; i++) discussionTime[i] = now - 365 * DAY + r.next() * (365 * DAY - HOUR);
  discussionTime.sort();
  const discussions: Plan["discussions"] = {
    titles: [],
    time: discussionTime,
    category: new Int32Array(D),
    author: new Int32Array(D),
    countComments: skewedCounts(D, spec.comments, r),
    lastTime: Float64Array.from(discussionTime),
    lastAuthor: new Int32Array(D),
    lastComment: new Int32Array(D).fill(-1),
  };
  for (let i = 0; i < D; i++) {
    const category = pickLeaf();
    const author = pickUser(discussionTime[i]!);
    discussions.category[i] = category;
    discussions.author[i] = author;
    discussions.lastAuthor[i] = author;
    discussions.titles.push(discussionTitle(titleRandom, domains[categories[category]!.domain]!));
    users.countDiscussions[author]! += 1;
    touch(author, discussionTime[i]!);
  }

  // Comment times per discussion (gaps of minutes to days, squeezed to end before now), then all
  // comments sorted by time so that commentIDs grow with dateInserted across the whole forum.
  const C = spec.comments;
  const rawTime = new Float64Array(C);
  const rawDiscussion = new Int32Array(C);
  let k = 0;
  for (let i = 0; i < D; i++) {
    const n = discussions.countComments[i]!;
    if (n === 0) continue;
    const start = discussionTime[i]!;
    const room = now - 60_000 - start;
    const meanGap = Math.exp(Math.log(10 * 60_000) + r.next() * Math.log((2 * DAY) / (10 * 60_000)));
    let t = 0;
    const first = k;
    for (let j = 0; j < n; j++) {
      t += 1_000 + r.exponential(meanGap);
      rawTime[k] = t;
      rawDiscussion[k] = i;
      k += 1;
    }
    // Threads that would run past now end at a random point before it instead.
    const scale = t > room ? (room * Math.pow(r.next(), 0.3)) / t : 1;
    for (let j = first; j < k; j++) rawTime[j] = start + rawTime[j]! * scale;
  }
  const byTime = new Uint32Array(C);
  for (let i = 0; i < C; i++) byTime[i] = i;
  byTime.sort((a, b) => rawTime[a]! - rawTime[b]! || a - b);
  const comments: Plan["comments"] = {
    time: new Float64Array(C),
    discussion: new Int32Array(C),
    author: new Int32Array(C),
  };
  for (let rank = 0; rank < C; rank++) {
    const source = byTime[rank]!;
    const discussion = rawDiscussion[source]!;
    const at = rawTime[source]!;
    const author = r.chance(0.15) ? discussions.author[discussion]! : pickUser(at);
    comments.time[rank] = at;
    comments.discussion[rank] = discussion;
    comments.author[rank] = author;
    discussions.lastTime[discussion] = at;
    discussions.lastAuthor[discussion] = author;
    discussions.lastComment[discussion] = rank;
    users.countComments[author]! += 1;
    touch(author, at);
  }

  // Each category subtree's latest post: what `dateLastPost` (set by recountCategories) refers to.
  const lastTimeOf = new Float64Array(categories.length).fill(-Infinity);
  const byId = new Map(categories.map((c, index) => [c.categoryID, index]));
  for (let i = 0; i < D; i++) {
    let index: number | undefined = discussions.category[i];
    while (index !== undefined) {
      const category = categories[index]!;
      if (discussions.lastTime[i]! > lastTimeOf[index]!) {
        lastTimeOf[index] = discussions.lastTime[i]!;
        category.lastDiscussionID = ids.discussion + i;
        const last = discussions.lastComment[i]!;
        category.lastCommentID = last < 0 ? null : ids.comment + last;
      }
      index = byId.get(category.parentCategoryID);
    }
  }

  return {
    now,
    ids,
    categories,
    users,
    discussions,
    comments,
    samples: pickSamples(ids, categories, discussions, leaves, users),
  };
}

function pickSamples(
  ids: FirstIds,
  categories: PlannedCategory[],
  discussions: Plan["discussions"],
  leaves: { index: number }[],
  users: Plan["users"],
): PlanSamples {
  let chosen = 0;
  for (let i = discussions.time.length - 1; i >= 0; i--) {
    if (discussions.countComments[i]! >= 30) {
      chosen = i;
      break;
    }
    if (discussions.countComments[i]! > discussions.countComments[chosen]!) chosen = i;
  }
  const perCategory = new Map<number, number>();
  for (const category of discussions.category) perCategory.set(category, (perCategory.get(category) ?? 0) + 1);
  let busiest = leaves[0]?.index ?? 0;
  for (const [index, count] of perCategory) if (count > (perCategory.get(busiest) ?? 0)) busiest = index;
  const category = categories[busiest]!;
  return {
    discussionID: ids.discussion + chosen,
    discussionSlug: slugify(discussions.titles[chosen] ?? ""),
    discussionComments: discussions.countComments[chosen] ?? 0,
    categoryID: category.categoryID,
    categoryUrlcode: category.urlcode,
    categoryDiscussions: perCategory.get(busiest) ?? 0,
    searchQuery: domains[category.domain]!.products[0]!,
    searchTwoWords: `${domains[category.domain]!.products[0]!} ${domains[category.domain]!.things[0]!.split(" ")[0]!}`,
    searchPhrase: domains[category.domain]!.symptoms[0]!.split(" ").slice(1, 4).join(" "),
    // The oldest member without a title: "Moderator" titles get the moderator role (assignRoles).
    memberName:
      users.names[
        Math.max(
          0,
          users.titles.findIndex((title) => title === null),
        )
      ]!,
  };
}
