/** The demo community: categories (one nested level), members, discussions and their replies. */

export interface DemoCategory {
  code: string;
  name: string;
  description: string;
  displayAs?: "discussions" | "categories";
  parent?: string;
}

export const demoCategories: DemoCategory[] = [
  { code: "announcements", name: "Announcements", description: "News and updates from the team." },
  { code: "general", name: "General Discussion", description: "Talk about anything related to the community." },
  {
    code: "help",
    name: "Help & Support",
    description: "Ask questions and get help from other members.",
    displayAs: "categories",
  },
  { code: "installation", name: "Installation", description: "Getting Parley up and running.", parent: "help" },
  { code: "troubleshooting", name: "Troubleshooting", description: "Something broke? Start here.", parent: "help" },
  { code: "ideas", name: "Ideas & Feedback", description: "Suggest features and tell us what you think." },
  { code: "show-and-tell", name: "Show and Tell", description: "Share what you have built." },
  { code: "off-topic", name: "Off Topic", description: "Everything else: hobbies, books, music and more." },
];

export const demoMembers = [
  { name: "Alice Moreau", title: "Moderator" },
  { name: "bob", title: null },
  { name: "Chen Wei", title: "Regular" },
  { name: "dana_k", title: null },
  { name: "Emeka", title: "Regular" },
  { name: "Frida", title: null },
  { name: "gus", title: null },
];

export interface DemoDiscussion {
  category: string;
  author: number;
  name: string;
  body: string;
  daysAgo: number;
  announce?: boolean;
  /** Tag names (created on first use). */
  tags?: string[];
  replies: Array<{ author: number; body: string }>;
}

/** `author` indexes demoMembers; -1 is the admin. */
export const demoDiscussions: DemoDiscussion[] = [
  {
    category: "announcements",
    author: -1,
    name: "Welcome to the Parley community!",
    body: "We're glad you're here. Introduce yourself in General Discussion, ask for help in Help & Support, and share your projects in Show and Tell.\n\nPlease be kind and keep discussions on topic.",
    daysAgo: 20,
    announce: true,
    replies: [
      { author: 0, body: "Happy to be here! I'll be helping out with moderation." },
      { author: 2, body: "Great to see the forum up and running." },
      { author: 4, body: "Hello everyone from Lagos!" },
    ],
  },
  {
    category: "announcements",
    author: -1,
    name: "Community guidelines",
    tags: ["rules"],
    body: "Treat others with respect, stay on topic, no spam, and use the Report option if something looks wrong. Moderators may close or move discussions that break these rules.",
    daysAgo: 19,
    replies: [{ author: 1, body: "Short and clear, thanks." }],
  },
  {
    category: "general",
    author: 1,
    name: "What got you into running a community?",
    body: "I started a small forum for my cycling club years ago and never looked back. How did you all get started?",
    daysAgo: 12,
    replies: [
      { author: 3, body: "A support forum for a game mod. It grew way faster than expected." },
      { author: 5, body: "Our local library wanted a place for book club discussions." },
      { author: 2, body: "Open-source project. The mailing list was getting unmanageable." },
      { author: 1, body: "Love these stories. The library one is great." },
    ],
  },
  {
    category: "general",
    author: 5,
    name: "Favourite forum features?",
    tags: ["features", "feedback"],
    body: "Bookmarks and notifications are must-haves for me. What features do you use every day?",
    daysAgo: 6,
    replies: [
      { author: 6, body: "Reactions. Quick way to agree without adding noise." },
      { author: 0, body: "Search that actually finds things." },
    ],
  },
  {
    category: "installation",
    author: 3,
    name: "Running Parley on PostgreSQL",
    tags: ["postgresql", "deployment", "scaling"],
    body: "Set DATABASE_URL to a postgres:// URL and start the server: migrations run on start. Anyone tried it with several processes behind a load balancer?",
    daysAgo: 9,
    replies: [
      { author: 2, body: "Yes, with REDIS_URL set so live events reach every process. Works well." },
      { author: 3, body: "Perfect, thanks for confirming." },
    ],
  },
  {
    category: "installation",
    author: 6,
    name: "Where are uploads stored?",
    body: "I'd like to back them up. Which folder holds them?",
    daysAgo: 3,
    replies: [
      {
        author: 0,
        body: "Everything lives under PARLEY_DATA_DIR (./data by default): the SQLite file, uploads and the mail outbox.",
      },
    ],
  },
  {
    category: "troubleshooting",
    author: 4,
    name: "Port 3000 already in use",
    body: "npm start fails with EADDRINUSE. What's the cleanest fix?",
    daysAgo: 2,
    replies: [
      { author: 1, body: "Either stop the other process or start with PORT=3001 npm start." },
      { author: 4, body: "PORT did it, thank you!" },
    ],
  },
  {
    category: "ideas",
    author: 2,
    name: "Idea: dark theme by default at night",
    body: "Could the forum follow the system's colour scheme? A dark preset would be lovely for late-night reading.",
    daysAgo: 5,
    replies: [
      { author: 5, body: "+1, my eyes would thank you." },
      { author: -1, body: "A dark preset is planned with the theme system." },
    ],
  },
  {
    category: "ideas",
    author: 3,
    name: "Scheduled posts",
    body: "It would help announcements a lot if we could write a post now and publish it on Monday morning.",
    daysAgo: 4,
    replies: [{ author: 0, body: "Drafts with a schedule are on the roadmap." }],
  },
  {
    category: "show-and-tell",
    author: 5,
    name: "Our book club forum, one year in",
    body: "We moved our book club here last year: 40 members, a thread per book, and far fewer lost e-mails. Happy to answer questions.",
    daysAgo: 8,
    replies: [
      { author: 2, body: "How do you organise the threads: one category per year?" },
      { author: 5, body: "One category per season, with the current book pinned." },
      { author: 6, body: "Nice setup, stealing this idea." },
    ],
  },
  {
    category: "off-topic",
    author: 6,
    name: "What are you reading this week?",
    body: "I'm halfway through a history of the printing press. You?",
    daysAgo: 1,
    replies: [
      { author: 3, body: "A sci-fi novel about a generation ship." },
      { author: 1, body: "Rereading an old favourite: The Hobbit." },
    ],
  },
  {
    category: "off-topic",
    author: 4,
    name: "Coffee or tea?",
    body: "The eternal question. Choose wisely.",
    daysAgo: 0,
    replies: [
      { author: 0, body: "Tea, always." },
      { author: 2, body: "Coffee before noon, tea after." },
    ],
  },
];
