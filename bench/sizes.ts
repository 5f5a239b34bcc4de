/**
 * The data sets the benchmark seeds. "Posts" in NodeBB's sense are opening posts plus replies, so
 * a size's comment count is its post count minus its discussions.
 */
export interface SizeSpec {
  name: SizeName;
  description: string;
  /** Top-level categories, their children (depth 2) and grandchildren (depth 3). */
  categories: { top: number; children: number; grandchildren: number };
  users: number;
  discussions: number;
  comments: number;
}

export const sizeNames = ["small", "nodebb", "large", "one-category"] as const;
export type SizeName = (typeof sizeNames)[number];

export const sizes: Record<SizeName, SizeSpec> = {
  small: {
    name: "small",
    description: "5 categories, 50 users, 200 discussions, 2,000 comments",
    categories: { top: 5, children: 0, grandchildren: 0 },
    users: 50,
    discussions: 200,
    comments: 2_000,
  },
  nodebb: {
    name: "nodebb",
    description: "NodeBB's bench size: 5 categories, 50 users, 2,000 discussions, 22,000 posts (20,000 comments)",
    categories: { top: 5, children: 0, grandchildren: 0 },
    users: 50,
    discussions: 2_000,
    comments: 20_000,
  },
  large: {
    name: "large",
    description:
      "1,500 categories (nested two levels), 10,000 users, 100,000 discussions, 1,000,000 posts (900,000 comments)",
    categories: { top: 150, children: 650, grandchildren: 700 },
    users: 10_000,
    discussions: 100_000,
    comments: 900_000,
  },
  "one-category": {
    name: "one-category",
    description:
      "1 category, 1,000 users, 100,000 discussions, 1,000,000 posts (900,000 comments): a category feed and its sitemap at issue 32's scale",
    categories: { top: 1, children: 0, grandchildren: 0 },
    users: 1_000,
    discussions: 100_000,
    comments: 900_000,
  },
};

export function isSizeName(value: string): value is SizeName {
  return (sizeNames as readonly string[]).includes(value);
}

export const categoryCount = (spec: SizeSpec) =>
  spec.categories.top + spec.categories.children + spec.categories.grandchildren;
