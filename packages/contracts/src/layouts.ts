import { Type, type Static } from "typebox";
import { botCheckProviderNames } from "./bot-check.ts";
import { layoutWidgetDefinitions, widgetSchema, type LayoutWidget } from "./layout-widgets.ts";
import { SiteSectionLink } from "./subcommunities.ts";

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
  "customPage",
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
  /** The site's subcommunities (issue 40), for the title bar's picker; absent when it has none. */
  subcommunities: Type.Optional(Type.Array(SiteSectionLink)),
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

/*
 * The operators' layouts (issue 38; Vanilla's `dashboard-layouts.yml`): the defaults under "file-based" ids (a
 * view type's name: `home`, `discussionList`…) and the site's own under integer ids, each a view type's widgets;
 * a layout assigned to a view type, or to one category's pages, is what visitors see there.
 */

/** A layout's widgets as given: checked one by one against the catalogue (422 naming the field). */
export const LayoutDefinition = Type.Array(Type.Unknown(), { maxItems: 50 });

const LayoutName = Type.String({ minLength: 1, maxLength: 100 });

export const LayoutIDParams = Type.Object({ layoutID: Type.String({ maxLength: 40 }) });

export const LayoutPost = Type.Object(
  {
    name: LayoutName,
    /** Vanilla's name for it; `layoutType` is taken too (the fragment's). */
    layoutViewType: Type.Optional(Type.String({ maxLength: 40 })),
    layoutType: Type.Optional(Type.String({ maxLength: 40 })),
    layout: LayoutDefinition,
  },
  { additionalProperties: false },
);
export type LayoutPost = Static<typeof LayoutPost>;

export const LayoutPatch = Type.Object(
  { name: Type.Optional(LayoutName), layout: Type.Optional(LayoutDefinition) },
  { additionalProperties: false },
);
export type LayoutPatch = Static<typeof LayoutPatch>;

export const LayoutExpandQuery = Type.Object({
  expand: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
});

/** Where a layout applies: a view type (`global`, -1) or one category's pages of it (`category`). */
export const LayoutView = Type.Object({
  layoutViewID: Type.Integer(),
  layoutID: Type.Integer(),
  layoutViewType: LayoutViewType,
  recordType: Type.String(),
  recordID: Type.Integer(),
  insertUserID: Type.Integer(),
  dateInserted: Type.String({ format: "date-time" }),
  record: Type.Optional(Type.Object({ name: Type.String(), url: Type.String() })),
});
export type LayoutView = Static<typeof LayoutView>;

export const LayoutViewsPut = Type.Array(
  Type.Object(
    { recordType: Type.String({ maxLength: 40 }), recordID: Type.Integer() },
    { additionalProperties: false },
  ),
  { minItems: 1, maxItems: 100 },
);
export type LayoutViewsPut = Static<typeof LayoutViewsPut>;

export const LayoutViewsDeleteQuery = Type.Object({
  layoutViewIDs: Type.Union([Type.String(), Type.Array(Type.String())]),
});

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** A layout with its metadata: `isDefault` for the file-based ones, `isActive` while assigned somewhere. */
export const LayoutRecord = Type.Object({
  layoutID: Type.Union([Type.Integer(), Type.String()]),
  name: Type.String(),
  layoutViewType: LayoutViewType,
  layoutType: LayoutViewType,
  isDefault: Type.Boolean(),
  isActive: Type.Boolean(),
  layout: Type.Optional(Type.Array(Type.Unknown())),
  dateInserted: Nullable(Type.String({ format: "date-time" })),
  insertUserID: Nullable(Type.Integer()),
  dateUpdated: Nullable(Type.String({ format: "date-time" })),
  updateUserID: Nullable(Type.Integer()),
  layoutViews: Type.Optional(Type.Array(LayoutView)),
});
export type LayoutRecord = Static<typeof LayoutRecord>;

/** One save of a stored layout (Parley's own: Vanilla keeps none). */
export const LayoutRevision = Type.Object({
  revisionID: Type.Integer(),
  layoutID: Type.Integer(),
  name: Type.String(),
  layout: Type.Array(Type.Unknown()),
  insertUserID: Type.Integer(),
  dateInserted: Type.String({ format: "date-time" }),
});
export type LayoutRevision = Static<typeof LayoutRevision>;

export const LayoutRevisionParams = Type.Object({
  layoutID: Type.String({ maxLength: 40 }),
  revisionID: Type.Integer({ minimum: 1 }),
});

/** The page a layout is hydrated for: its record (as the lookup's) and params. */
export const LayoutHydrateQuery = Type.Object({
  recordType: Type.Optional(Type.String({ maxLength: 40 })),
  recordID: Type.Optional(Type.String({ maxLength: 40 })),
  params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type LayoutHydrateQuery = Static<typeof LayoutHydrateQuery>;

/** `POST /layouts/hydrate`: an unsaved layout (the editor's preview). */
export const LayoutHydrateBody = Type.Object(
  {
    layoutViewType: Type.String({ maxLength: 40 }),
    layout: LayoutDefinition,
    recordType: Type.Optional(Type.String({ maxLength: 40 })),
    recordID: Type.Optional(Type.String({ maxLength: 40 })),
    params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);
export type LayoutHydrateBody = Static<typeof LayoutHydrateBody>;

export const LayoutLookupAssetsQuery = Type.Object({
  layoutViewType: Type.String({ maxLength: 40 }),
  recordType: Type.Optional(Type.String({ maxLength: 40 })),
  recordID: Type.Optional(Type.String({ maxLength: 40 })),
  params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type LayoutLookupAssetsQuery = Static<typeof LayoutLookupAssetsQuery>;

/** A layout's own scripts and styles (none: widgets come with the app's). */
export const LayoutAssets = Type.Object({ js: Type.Array(Type.String()), css: Type.Array(Type.String()) });

export const LayoutViewTypeQuery = Type.Object({ layoutViewType: Type.String({ maxLength: 40 }) });

const CatalogEntries = Type.Record(
  Type.String(),
  Type.Object({
    $reactComponent: Type.String(),
    description: Type.String(),
    schema: Type.Record(Type.String(), Type.Unknown()),
  }),
);

/** `GET /layouts/catalog`: what a view type's layout may hold, each with the JSON schema of its props. */
export const LayoutCatalog = Type.Object({
  layoutViewType: LayoutViewType,
  layoutParams: Type.Record(Type.String(), Type.Object({ schema: Type.Record(Type.String(), Type.Unknown()) })),
  widgets: CatalogEntries,
  assets: CatalogEntries,
  sections: CatalogEntries,
  middlewares: Type.Record(Type.String(), Type.Object({ schema: Type.Record(Type.String(), Type.Unknown()) })),
});
export type LayoutCatalog = Static<typeof LayoutCatalog>;
