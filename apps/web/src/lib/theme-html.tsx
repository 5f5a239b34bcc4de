import { createContext, useContext, type ReactNode } from "react";

/**
 * The current (or previewed) theme's custom header and footer: HTML the server sanitised when the theme was saved.
 * The server's render gets them with the page's assets and embeds them in the page's state, so the browser's first
 * render (hydration) shows the same markup; the app's layout puts them in its landmarks.
 */
export interface ThemeHtml {
  header: string;
  footer: string;
}

const noThemeHtml: ThemeHtml = { header: "", footer: "" };

const ThemeHtmlContext = createContext<ThemeHtml>(noThemeHtml);

export function ThemeHtmlProvider({ html, children }: { html: ThemeHtml | undefined; children: ReactNode }) {
  return <ThemeHtmlContext.Provider value={html ?? noThemeHtml}>{children}</ThemeHtmlContext.Provider>;
}

export const useThemeHtml = () => useContext(ThemeHtmlContext);
