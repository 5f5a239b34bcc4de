import { Type, type Static } from "typebox";

/** Add-on kinds (dashboard-addons.yml): features, themes, locales. */
export const addonTypes = ["addon", "theme", "locale"] as const;

const AddonReference = Type.Object({
  addonID: Type.String({ minLength: 1 }),
  key: Type.String({ minLength: 1 }),
  name: Type.String({ minLength: 1 }),
  type: Type.Enum(addonTypes),
  constraint: Type.String({ minLength: 1 }),
});

/**
 * An add-on (`GET /addons`): Parley's optional features, each switched by a site setting, and its
 * themes (enabled = the current one), and the content locales (enabled = offered for translated content;
 * the interface itself stays in English).
 */
export const Addon = Type.Object(
  {
    addonID: Type.String({ minLength: 1, description: "The add-on's id for API calls (a theme's is its key)." }),
    key: Type.String({ minLength: 1 }),
    name: Type.String({ minLength: 1 }),
    type: Type.Enum(addonTypes),
    description: Type.String(),
    iconUrl: Type.String({ description: "The add-on's icon: one per kind, served by the site." }),
    version: Type.String(),
    enabled: Type.Boolean(),
    require: Type.Array(AddonReference),
    conflict: Type.Array(AddonReference),
    attributes: Type.Optional(Type.Object({ locale: Type.Optional(Type.String()) })),
  },
  { $id: "Addon" },
);
export type Addon = Static<typeof Addon>;

export const AddonListQuery = Type.Object({
  type: Type.Optional(Type.Enum(addonTypes)),
  enabled: Type.Optional(Type.Boolean()),
  themeType: Type.Optional(Type.Enum(["desktop", "mobile"], { description: "Parley's themes serve both." })),
});
export type AddonListQuery = Static<typeof AddonListQuery>;

export const AddonIDParams = Type.Object({ addonID: Type.String({ minLength: 1, maxLength: 100 }) });

export const AddonPatch = Type.Object({
  enabled: Type.Boolean(),
  themeType: Type.Optional(Type.Enum(["desktop", "mobile"])),
  type: Type.Optional(Type.Enum(addonTypes)),
});
export type AddonPatch = Static<typeof AddonPatch>;
