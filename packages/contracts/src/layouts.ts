import { Type, type Static } from "typebox";
import { botCheckProviderNames } from "./bot-check.ts";
import { layoutWidgetDefinitions, widgetSchema, type LayoutWidget } from "./layout-widgets.ts";

export * from "./layout-widgets.ts";

export { defaultNavigationItems, normalizeNavigationUrl } from "./navigation.ts";

/**
 * Server-supplied layouts (spec §1, §2; reference §8): `GET /layouts/lookup-hydrate` answers with a
 * title bar widget, the page's widgets and optional contexts, or with `redirectTo`.
 */

export const LayoutViewType = Type.Enum([
  "home",
  "subcommunityHome",
  "discussionList",
  "categoryList",
  "post",
  "createPost",
]);
export type LayoutViewType = Static<typeof LayoutViewType>;

/** A navigation entry (spec §3): hidden without `permission` or, when `roleIDs` is set, without one of them. */
export interface NavigationItem {
  id: string;
  name: string;
  url: string;
  permission?: string | null;
  roleIDs?: number[];
  isHidden?: boolean;
  badge?: { type: "text" | "view"; text: string } | null;
  recordType?: string | null;
  recordID?: number | null;
  sort?: number;
  children?: NavigationItem[];
}

const NavigationItemSchema = Type.Cyclic(
  {
    NavigationItem: Type.Object({
      id: Type.String(),
      name: Type.String(),
      url: Type.String(),
      permission: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      roleIDs: Type.Optional(Type.Array(Type.Integer())),
      isHidden: Type.Optional(Type.Boolean()),
      badge: Type.Optional(
        Type.Union([Type.Object({ type: Type.Enum(["text", "view"]), text: Type.String() }), Type.Null()]),
      ),
      recordType: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      recordID: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
      sort: Type.Optional(Type.Integer()),
      children: Type.Optional(Type.Array(Type.Ref("NavigationItem"))),
    }),
  },
  "NavigationItem",
);
export const NavigationItems = Type.Array(NavigationItemSchema);

export const TitleBarPositioning = Type.Enum(["StickySolid", "StickyTransparent", "StaticSolid", "StaticTransparent"]);
export type TitleBarPositioning = Static<typeof TitleBarPositioning>;

const Alignment = Type.Enum(["left", "center"]);

/** The title bar's configuration (spec §3 "Title bar config"): the `TitleBar` widget's props. */
export const TitleBarPropsSchema = Type.Object({
  positioning: TitleBarPositioning,
  logo: Type.Object({
    imageUrl: Type.Union([Type.String(), Type.Null()]),
    imageUrlMobile: Type.Union([Type.String(), Type.Null()]),
    url: Type.String(),
    alignment: Alignment,
    alignmentMobile: Alignment,
  }),
  navigation: Type.Object({ items: NavigationItems, alignment: Alignment }),
  backgroundColor: Type.Union([Type.String(), Type.Null()]),
  foregroundColor: Type.Union([Type.String(), Type.Null()]),
  height: Type.Integer(),
  heightMobile: Type.Integer(),
  borderType: Type.Enum(["border", "shadow", "none"]),
  registrationOpen: Type.Boolean(),
  /** New accounts wait for an administrator's approval: the register form asks why one wants to join. */
  registrationApproval: Type.Optional(Type.Boolean()),
  /** The bot check the register form shows (registration method captcha, on a site that has one). */
  botCheck: Type.Optional(
    Type.Union([
      Type.Object({
        provider: Type.Enum(botCheckProviderNames),
        siteKey: Type.String(),
        scriptUrl: Type.String(),
        widgetClass: Type.String(),
        responseField: Type.String(),
        global: Type.String(),
      }),
      Type.Null(),
    ]),
  ),
  conversationsEnabled: Type.Boolean(),
});
/** Register shows only when `registrationOpen`, Messages only when `conversationsEnabled` (spec §2). */
export type TitleBarProps = Static<typeof TitleBarPropsSchema>;

/** The title bar (spec §3), a widget outside the layout's sections. */
export const TitleBarWidget = widgetSchema("TitleBar", TitleBarPropsSchema);
export type TitleBarWidget = Static<typeof TitleBarWidget>;

export const LayoutLookupQuery = Type.Object({
  layoutViewType: LayoutViewType,
  recordType: Type.String(),
  recordID: Type.String(),
  params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  includeNoScript: Type.Optional(Type.Boolean()),
});
export type LayoutLookupQuery = Static<typeof LayoutLookupQuery>;

/** `{titleBar, layout, contexts}` or, for a page that moved, `{redirectTo, status}`. */
export interface LayoutSpec {
  layoutViewType?: LayoutViewType;
  layoutID?: string;
  titleBar?: TitleBarWidget;
  layout?: LayoutWidget[];
  contexts?: LayoutWidget[];
  seo?: { title?: string; description?: string; url?: string };
  redirectTo?: string;
  status?: 301 | 302;
}

/** What the layout lookup is asked (the web's query key): the view, its record and its params. */
export interface LayoutLookup {
  layoutViewType: LayoutViewType;
  recordType: string;
  recordID: string;
  params?: Record<string, string | number>;
}

export const LayoutSeoSchema = Type.Object({
  title: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  url: Type.Optional(Type.String()),
});

/** `GET /layouts/lookup-hydrate` (reference §8): a hydrated layout, or where the page moved. */
export const HydratedLayoutResponse = Type.Cyclic(
  {
    ...layoutWidgetDefinitions,
    HydratedLayoutResponse: Type.Object({
      layoutViewType: LayoutViewType,
      layoutID: Type.String(),
      titleBar: TitleBarWidget,
      layout: Type.Array(Type.Ref("LayoutWidget")),
      contexts: Type.Array(Type.Ref("LayoutWidget")),
      seo: LayoutSeoSchema,
    }),
  },
  "HydratedLayoutResponse",
);
export const LayoutRedirectResponse = Type.Object({
  redirectTo: Type.String(),
  status: Type.Union([Type.Literal(301), Type.Literal(302)]),
});
export const LayoutLookupResponse = Type.Union([HydratedLayoutResponse, LayoutRedirectResponse]);
