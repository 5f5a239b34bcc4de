/** The demo community the server seeds with PARLEY_SEED=demo. */
export const demoTopCategories = [
  "Announcements",
  "General Discussion",
  "Help & Support",
  "Ideas & Feedback",
  "Show and Tell",
  "Off Topic",
] as const;

export const helpSubcategories = [
  { name: "Installation", href: "/categories/installation" },
  { name: "Troubleshooting", href: "/categories/troubleshooting" },
] as const;

/** The demo announcement, listed first whatever the sort. */
export const welcome = {
  title: "Welcome to the Parley community!",
  path: "/discussion/1/welcome-to-the-parley-community",
  category: { name: "Announcements", href: "/categories/announcements" },
  author: "admin",
  /** Its replies, oldest first: author and text. */
  comments: [
    { author: "Alice Moreau", text: "Happy to be here! I'll be helping out with moderation." },
    { author: "Chen Wei", text: "Great to see the forum up and running." },
    { author: "Emeka", text: "Hello everyone from Lagos!" },
  ],
} as const;

/**
 * The 14 demo discussions a guest sees by the default sort (most recently commented), the announcement first:
 * the public demo group's two last (the private and secret groups' are not for guests).
 */
export const demoDiscussionsByLastComment = [
  "Welcome to the Parley community!",
  "Coffee or tea?",
  "What are you reading this week?",
  "Port 3000 already in use",
  "Where are uploads stored?",
  "Scheduled posts",
  "Idea: dark theme by default at night",
  "Favourite forum features?",
  "Our book club forum, one year in",
  "Running Parley on PostgreSQL",
  "What got you into running a community?",
  "Community guidelines",
  "Backups: how often, and where to?",
  "Which reverse proxy do you run in front of Parley?",
] as const;

/** The same by "Oldest" (date started), the announcement still first. */
export const demoDiscussionsOldestFirst = [
  "Welcome to the Parley community!",
  "Which reverse proxy do you run in front of Parley?",
  "Backups: how often, and where to?",
  "Community guidelines",
  "What got you into running a community?",
  "Running Parley on PostgreSQL",
  "Our book club forum, one year in",
  "Favourite forum features?",
  "Idea: dark theme by default at night",
  "Scheduled posts",
  "Where are uploads stored?",
  "Port 3000 already in use",
  "What are you reading this week?",
  "Coffee or tea?",
] as const;

/** Discussions per category (newest activity first); Help & Support lists its subcategories'. */
export const demoCategoryDiscussions = {
  general: ["Favourite forum features?", "What got you into running a community?"],
  installation: ["Where are uploads stored?", "Running Parley on PostgreSQL"],
  help: ["Port 3000 already in use", "Where are uploads stored?", "Running Parley on PostgreSQL"],
} as const;

/** The sort links of a list: label → the query they add (none for the default). */
export const sortQueries = {
  "Recently Commented": "",
  "Recently Created": "?sort=-dateInserted",
  Top: "?sort=-score",
  Hot: "?sort=-hot",
  Oldest: "?sort=dateInserted",
} as const;
