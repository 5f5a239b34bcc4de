/** The site-relative address of an absolute API url (links stay in the app's router). */
export function sitePath(url: string): string {
  try {
    const parsed = new URL(url, "http://localhost");
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return url;
  }
}

export const notificationsPagePath = (page = 1) =>
  page > 1 ? `/profile/notifications?page=${page}` : "/profile/notifications";
export const preferencesPagePath = "/profile/preferences";
