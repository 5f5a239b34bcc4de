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
