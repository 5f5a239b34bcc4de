import type { ThemeVariables } from "@parley/contracts";

/** A theme that ships with Parley (a "file theme" in Vanilla's terms): its key, labels and variables. */
export interface FileTheme {
  themeID: string;
  name: string;
  version: string;
  description: string;
  variables: ThemeVariables;
}

/** The theme a site has until an administrator picks another. */
export const DEFAULT_THEME_ID = "theme-foundation";

/**
 * The built-in themes. Only what differs from the defaults of spec §9 is written down: the dark
 * preset brings its own background, text and primary colour (#037DBC lightened by 25%).
 */
export const fileThemes: readonly FileTheme[] = [
  {
    themeID: DEFAULT_THEME_ID,
    name: "Foundation",
    version: "1.0.0",
    description: "The default theme: light, with the primary blue title bar.",
    variables: {
      global: { options: { preset: "light" } },
      buttons: { preset: "solid" },
    },
  },
  {
    themeID: "theme-foundation-dark",
    name: "Foundation Dark",
    version: "1.0.0",
    description: "Foundation on a dark background.",
    variables: {
      global: { options: { preset: "dark" } },
      buttons: { preset: "solid" },
      titleBar: { colors: { bg: "#26282b" } },
    },
  },
];
