import { Type, type Static, type TSchema } from "typebox";
import { Expand, Nullable } from "./common.ts";
import { limits } from "./limits.ts";
import { PageOrFirst } from "./pagination.ts";

/**
 * Themes (spec §3 "Theme", §4 "Themes"; reference §8): the theme record of /api/v2/themes and the
 * variables a theme sets (colours, fonts, borders, buttons, title bar, layout, sizes). Every variable
 * is optional: what a theme leaves out comes from the defaults of spec §9 (see `theme-css.ts`).
 */

const Optional = <T extends TSchema>(schema: T) => Type.Optional(schema);
/**
 * Objects of theme variables take only the keys below: a theme's PATCH (or POST) naming any other is
 * refused with a 400 that names it, rather than stored and silently ignored.
 */
const Group = <T extends Record<string, TSchema>>(properties: T, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });

/** A colour value (spec §3): hex with 3 or 6 digits, rgb(), rgba(), hsl() or hsla(). */
export const ThemeColor = Type.String({
  minLength: 1,
  maxLength: 100,
  description: "A colour: hex with 3 or 6 digits, rgb(), rgba(), hsl() or hsla().",
});
const Pixels = Type.Number({ minimum: 0, maximum: 10_000 });
/** A font size in pixels: readable, and not a poster. */
const FontSize = Type.Number({ minimum: limits.themes.fontSizeMin, maximum: limits.themes.fontSizeMax });
/** A corner radius in pixels (buttons, inputs, chips, cards). */
const Radius = Type.Number({ minimum: 0, maximum: limits.themes.radiusMax });
/** A font family list: names, most wanted first (the theme's fallbacks follow). */
const FontFamilies = Type.Array(Type.String({ maxLength: 100 }), { maxItems: 10 });
/**
 * An image's address: `https://…`, `http://…` or a path on this site (`/uploads/…`); the server refuses
 * anything else (422), as it does quotes, brackets and spaces, so it is safe in HTML and CSS.
 */
export const ThemeImageUrl = Type.String({ maxLength: 500 });

/** Button shapes: the theme's radius, square corners, or fully round ends. */
export const ButtonShape = Type.Enum(["rounded", "square", "pill"]);
export type ButtonShape = Static<typeof ButtonShape>;

export const ThemePreset = Type.Enum(["light", "dark"]);
export type ThemePreset = Static<typeof ThemePreset>;

/** Button presets (spec §3). */
export const ButtonPreset = Type.Enum(["solid", "outline", "transparent", "advanced", "hide"]);
export type ButtonPreset = Static<typeof ButtonPreset>;

/** Button types (spec §3), the variants the design system draws. */
export const buttonTypes = [
  "standard",
  "primary",
  "text",
  "icon",
  "outline",
  "transparent",
  "translucid",
  "dashboardPrimary",
  "dashboardSecondary",
] as const;
export type ButtonType = (typeof buttonTypes)[number];

const ButtonColors = Group({ bg: Optional(ThemeColor), fg: Optional(ThemeColor), border: Optional(ThemeColor) });

export const ThemeVariables = Group(
  {
    global: Optional(
      Group({
        options: Optional(Group({ preset: Optional(ThemePreset) })),
        mainColors: Optional(
          Group({ primary: Optional(ThemeColor), bg: Optional(ThemeColor), fg: Optional(ThemeColor) }),
        ),
        body: Optional(Group({ backgroundImage: Optional(Group({ color: Optional(ThemeColor) })) })),
        fonts: Optional(
          Group({
            families: Optional(Group({ body: Optional(FontFamilies), heading: Optional(FontFamilies) })),
            sizes: Optional(
              Group({
                large: Optional(FontSize),
                medium: Optional(FontSize),
                small: Optional(FontSize),
                extraSmall: Optional(FontSize),
                subtitle: Optional(FontSize),
                title: Optional(FontSize),
                largeTitle: Optional(FontSize),
              }),
            ),
          }),
        ),
        border: Optional(Group({ radius: Optional(Radius), width: Optional(Pixels), color: Optional(ThemeColor) })),
        links: Optional(Group({ colors: Optional(Group({ default: Optional(ThemeColor) })) })),
      }),
    ),
    buttons: Optional(
      Group({
        preset: Optional(ButtonPreset),
        shape: Optional(ButtonShape),
        radius: Optional(Radius),
        primary: Optional(ButtonColors),
        standard: Optional(ButtonColors),
      }),
    ),
    titleBar: Optional(
      Group({
        colors: Optional(Group({ bg: Optional(ThemeColor), fg: Optional(ThemeColor) })),
        logo: Optional(
          Group({
            desktop: Optional(Group({ url: Optional(ThemeImageUrl) })),
            mobile: Optional(Group({ url: Optional(ThemeImageUrl) })),
          }),
        ),
      }),
    ),
    layout: Optional(
      Group({
        breakpoints: Optional(
          Group({
            xs: Optional(Pixels),
            oneColumn: Optional(Pixels),
            compact: Optional(Pixels),
            twoColumns: Optional(Pixels),
          }),
        ),
      }),
    ),
    sizes: Optional(
      Group({
        titleBarHeight: Optional(Pixels),
        titleBarHeightMobile: Optional(Pixels),
        formElementHeight: Optional(Pixels),
        buttonMinWidth: Optional(Pixels),
        buttonHeight: Optional(Pixels),
        contentWidth: Optional(Pixels),
        gutter: Optional(Pixels),
      }),
    ),
  },
  "A theme's variables (the JSON of its variables asset).",
);
export type ThemeVariables = Static<typeof ThemeVariables>;

/** An asset of a theme; `data` only when expanded (`expand=all` or `expand=<asset>.data`). */
export const ThemeVariablesAsset = Type.Object({
  url: Type.String(),
  type: Type.String(),
  "content-type": Type.String(),
  data: Optional(ThemeVariables),
});

/** The fields every asset has: its address (the raw file), its type, and the content type of that file. */
const assetOut = { url: Type.String(), type: Type.String(), "content-type": Type.String() };

/** The header, footer, styles or JavaScript asset: text (sanitised HTML, CSS, JavaScript), `data` when expanded. */
export const ThemeTextAsset = Type.Object({ ...assetOut, data: Optional(Type.String()) });
export type ThemeTextAsset = Static<typeof ThemeTextAsset>;

/** One script a theme adds to its pages by address (an https address). */
export const ThemeScript = Type.Object({ url: Type.String() });
export type ThemeScript = Static<typeof ThemeScript>;

/** The scripts asset: the addresses, `data` when expanded. */
export const ThemeScriptsAsset = Type.Object({ ...assetOut, data: Optional(Type.Array(ThemeScript)) });
export type ThemeScriptsAsset = Static<typeof ThemeScriptsAsset>;

/** The assets of a theme other than its variables, by their names in the API and in the asset addresses. */
export const themeTextAssetNames = ["header", "footer", "styles", "javascript"] as const;
export type ThemeTextAssetName = (typeof themeTextAssetNames)[number];

export const ThemePreviewVariables = Type.Object({
  globalBg: Nullable(Type.String()),
  globalFg: Nullable(Type.String()),
  globalPrimary: Nullable(Type.String()),
  titleBarBg: Nullable(Type.String()),
  titleBarFg: Nullable(Type.String()),
  backgroundImage: Optional(Nullable(Type.String())),
});
export type ThemePreviewVariables = Static<typeof ThemePreviewVariables>;

export const Theme = Type.Object(
  {
    themeID: Type.String({ description: "The theme's key (file themes) or numeric id (database themes)." }),
    type: Type.Enum(["themeFile", "themeDB"]),
    name: Type.String(),
    version: Type.String(),
    revisionID: Nullable(Type.Integer()),
    current: Type.Boolean({ description: "Whether this is the site's current theme." }),
    active: Type.Boolean({ description: "Whether this revision is the theme's active one." }),
    assets: Type.Object({
      variables: ThemeVariablesAsset,
      header: ThemeTextAsset,
      footer: ThemeTextAsset,
      styles: ThemeTextAsset,
      javascript: ThemeTextAsset,
      scripts: ThemeScriptsAsset,
    }),
    preview: Type.Object({
      info: Type.Record(Type.String(), Type.Object({ type: Type.String(), value: Type.String() })),
      imageUrl: Nullable(Type.String()),
      variables: ThemePreviewVariables,
    }),
    features: Type.Record(Type.String(), Type.Boolean()),
    supportedSections: Type.Array(Type.String()),
    parentTheme: Optional(Type.String({ description: "A database theme's built-in theme it started from." })),
    revisionName: Optional(Nullable(Type.String())),
    dateInserted: Optional(Type.String({ format: "date-time" })),
    insertUserID: Optional(Type.Integer()),
  },
  { $id: "Theme" },
);
export type Theme = Static<typeof Theme>;

export const ThemeQuery = Type.Object({ expand: Optional(Expand) });
export type ThemeQuery = Static<typeof ThemeQuery>;

export const ThemeKeyParams = Type.Object({ themeKey: Type.String({ minLength: 1, maxLength: 100 }) });

export const CurrentThemePut = Type.Object({
  themeID: Type.String({ minLength: 1, maxLength: 100, description: "The theme's id or key." }),
});
export type CurrentThemePut = Static<typeof CurrentThemePut>;

/** `PUT /themes/preview`: a theme to preview in this browser session; without `themeID`, the preview ends. */
export const ThemePreviewPut = Type.Object({
  themeID: Optional(Type.String({ maxLength: 100, description: "The theme's id or key; empty ends the preview." })),
  revisionID: Optional(Nullable(Type.Integer({ description: "File themes have no revisions: ignored." }))),
});
export type ThemePreviewPut = Static<typeof ThemePreviewPut>;

/** The theme an administrator is previewing (spec §3 "Theme preview"): where Apply and Cancel lead. */
export const ThemePreview = Type.Object({
  themeID: Type.String(),
  revisionID: Nullable(Type.Integer()),
  name: Type.String(),
  redirect: Type.String({ description: "The address the banner's Apply and Cancel return to." }),
});
export type ThemePreview = Static<typeof ThemePreview>;

/**
 * A text asset as written: its `data`. The lengths (limits.themes) are checked by the server, which answers a
 * 422 naming the asset; the bound here only keeps a body from being absurd.
 */
const TextAssetInput = Type.Object(
  { data: Type.String({ maxLength: 1_000_000 }), type: Optional(Type.String({ maxLength: 20 })) },
  { additionalProperties: false },
);

/**
 * A theme's assets as written to it, each as its asset reads back (`data`): the variables as JSON, the header
 * and footer as HTML (sanitised when saved), the styles as CSS, the JavaScript, and the scripts' addresses.
 * An asset left out keeps the theme's.
 */
const ThemeAssetsInput = Type.Object(
  {
    variables: Optional(
      Type.Object({ data: ThemeVariables, type: Optional(Type.Literal("json")) }, { additionalProperties: false }),
    ),
    header: Optional(TextAssetInput),
    footer: Optional(TextAssetInput),
    styles: Optional(TextAssetInput),
    javascript: Optional(TextAssetInput),
    scripts: Optional(
      Type.Object(
        {
          data: Type.Array(Type.Object({ url: Type.String({ maxLength: 2_000 }) }, { additionalProperties: false }), {
            maxItems: 1_000,
          }),
          type: Optional(Type.String({ maxLength: 20 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

const ThemeName = Type.String({ minLength: 1, maxLength: limits.themes.nameMaxLength });
const RevisionName = Type.String({ maxLength: limits.themes.nameMaxLength });

/**
 * `POST /themes`: a theme of the site's own (a database theme), started from a built-in one; its
 * variables are the parent's unless given.
 */
export const ThemePost = Type.Object({
  name: ThemeName,
  parentTheme: Type.String({ minLength: 1, maxLength: 100, description: "The built-in theme it starts from." }),
  parentVersion: Optional(Type.String({ maxLength: 20 })),
  revisionName: Optional(RevisionName),
  assets: Optional(ThemeAssetsInput),
});
export type ThemePost = Static<typeof ThemePost>;

/**
 * `PATCH /themes/{id}`: new assets make a new revision, the active one (the assets not given are the active
 * revision's); `revisionID` makes an earlier revision active again (restore).
 */
export const ThemePatch = Type.Object({
  name: Optional(ThemeName),
  parentTheme: Optional(Type.String({ minLength: 1, maxLength: 100 })),
  parentVersion: Optional(Type.String({ maxLength: 20 })),
  revisionID: Optional(Type.Integer({ minimum: 1 })),
  revisionName: Optional(RevisionName),
  assets: Optional(ThemeAssetsInput),
});
export type ThemePatch = Static<typeof ThemePatch>;

/** One revision of a database theme (`GET /themes/{id}/revisions`): no assets, the active one marked. */
export const ThemeRevision = Type.Object(
  {
    themeID: Type.String(),
    type: Type.Literal("themeDB"),
    name: Type.String(),
    revisionID: Type.Integer(),
    revisionName: Nullable(Type.String()),
    active: Type.Boolean({ description: "Whether this revision is the one the theme shows." }),
    current: Type.Boolean({ description: "Whether the theme is the site's current one." }),
    dateInserted: Type.String({ format: "date-time" }),
    insertUserID: Type.Integer(),
    insertUser: Optional(Type.Ref("UserFragment")),
  },
  { $id: "ThemeRevision" },
);
export type ThemeRevision = Static<typeof ThemeRevision>;

export const ThemeRevisionsQuery = Type.Object({
  page: Optional(PageOrFirst),
  limit: Optional(Type.Integer({ minimum: 1, maximum: 100, default: 100 })),
});
export type ThemeRevisionsQuery = Static<typeof ThemeRevisionsQuery>;

export const sharedThemeSchemas = [Theme, ThemeRevision];
