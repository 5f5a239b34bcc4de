/** Site-wide settings the pages need (later from /config): title, the separator of spec §9. */
export const site = {
  title: "Parley",
  description: "A community forum built with Parley.",
};

/** Page title plus the site name joined by ' - ' (spec §9). */
export const documentTitle = (pageTitle?: string) => (pageTitle ? `${pageTitle} - ${site.title}` : site.title);
