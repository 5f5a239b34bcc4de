/** Crawlers and link previews: their page loads are not readers' views (Vanilla answers them "Bot request"). */
const BOT = /bot|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|headless|curl|wget|python-requests/i;

/** Whether a request's User-Agent is a crawler's, a link preview's or a script's (none at all counts as one). */
export const isBot = (userAgent: string | undefined): boolean => userAgent === undefined || BOT.test(userAgent);
