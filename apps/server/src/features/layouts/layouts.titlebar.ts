import {
  defaultNavigationItems,
  isRegistrationByApproval,
  isRegistrationOpen,
  type BotCheckWidget,
  limits,
  normalizeNavigationUrl,
  type NavigationItem,
  type TitleBarProps,
} from "@parley/contracts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { SiteConfig } from "../../platform/site-config.ts";
import { layoutsPolicy } from "./layouts.policy.ts";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** One configured item, or null when it is not an item (config is data: never trusted blindly). */
function readItem(value: unknown, index: number): NavigationItem | null {
  if (!isRecord(value) || typeof value["name"] !== "string" || typeof value["url"] !== "string") return null;
  const item: NavigationItem = {
    id: typeof value["id"] === "string" ? value["id"] : `item-${index}`,
    name: value["name"],
    url: value["url"],
  };
  if (typeof value["permission"] === "string" || value["permission"] === null) item.permission = value["permission"];
  if (Array.isArray(value["roleIDs"])) item.roleIDs = value["roleIDs"].filter((id) => Number.isInteger(id));
  if (typeof value["isHidden"] === "boolean") item.isHidden = value["isHidden"];
  if (isRecord(value["badge"]) && (value["badge"]["type"] === "text" || value["badge"]["type"] === "view")) {
    item.badge = {
      type: value["badge"]["type"],
      text: typeof value["badge"]["text"] === "string" ? value["badge"]["text"] : "",
    };
  }
  if (typeof value["recordType"] === "string") item.recordType = value["recordType"];
  if (Number.isInteger(value["recordID"])) item.recordID = value["recordID"] as number;
  if (Number.isInteger(value["sort"])) item.sort = value["sort"] as number;
  if (Array.isArray(value["children"])) item.children = readItems(value["children"]);
  return item;
}

const readItems = (values: unknown[]): NavigationItem[] =>
  values.map(readItem).filter((item): item is NavigationItem => item !== null);

/** The configured items for a locale: its own list, else the `en` list, else the defaults (spec §2). */
function configuredNavigation(raw: string, locale: string): NavigationItem[] {
  let parsed: unknown = null;
  try {
    parsed = raw ? JSON.parse(raw) : null;
  } catch {
    parsed = null;
  }
  const list = Array.isArray(parsed)
    ? parsed
    : isRecord(parsed)
      ? (parsed[locale] ?? parsed[locale.split(/[-_]/)[0] ?? ""] ?? parsed["en"])
      : null;
  if (Array.isArray(list)) return readItems(list);
  return defaultNavigationItems.map((item) => ({ ...item }));
}

/**
 * What the viewer may see: hidden items dropped, items needing a permission the viewer lacks dropped,
 * items limited to roles dropped unless the viewer has one of them; URLs made root-relative (spec §2).
 */
function visibleNavigation(items: NavigationItem[], viewer: Viewer): NavigationItem[] {
  return items
    .filter((item) => !item.isHidden)
    .filter((item) => {
      if (!item.permission) return true;
      return layoutsPolicy.canSeeNavigationItem(viewer, item.permission);
    })
    .filter((item) => !item.roleIDs?.length || item.roleIDs.some((id) => viewer.roleIDs.includes(id)))
    .map((item) => {
      const visible: NavigationItem = { ...item, url: normalizeNavigationUrl(item.url) };
      if (item.children) visible.children = visibleNavigation(item.children, viewer);
      return visible;
    });
}

/**
 * The `TitleBar` widget's props for a viewer and locale. Site config is itself cached; the filtered
 * result is cached per config, locale and role set (what the filters depend on), like permissions.
 */
export function createTitleBars(
  siteConfig: SiteConfig,
  botCheck: BotCheckWidget | null = null,
  /** The current theme's logo images (its variables' `titleBar.logo`); none without themes. */
  themeLogo: () => Promise<{ imageUrl: string | null; imageUrlMobile: string | null }> = async () => ({
    imageUrl: null,
    imageUrlMobile: null,
  }),
  /** Items the site adds after the configured ones: the custom pages shown in the navigation. */
  extraItems: () => Promise<NavigationItem[]> = async () => [],
) {
  const cache = new Map<string, TitleBarProps>();
  const MAX_ENTRIES = 500;

  return {
    async forViewer(viewer: Viewer, locale: string): Promise<TitleBarProps> {
      const [navigation, registration, conversations, logo, extra] = await Promise.all([
        siteConfig.get("navigation.items"),
        siteConfig.get("registration.method"),
        siteConfig.get("conversations.enabled"),
        themeLogo(),
        extraItems(),
      ]);
      const usable = !viewer.user || (viewer.user.banned !== 1 && viewer.user.deleted !== 1);
      const roleSet = [...viewer.roleIDs].sort((a, b) => a - b).join(",");
      const key = JSON.stringify([
        navigation,
        registration,
        conversations,
        logo,
        extra,
        locale,
        roleSet,
        viewer.permissions.isAdmin,
        usable,
      ]);
      const hit = cache.get(key);
      if (hit) return hit;
      const props: TitleBarProps = {
        positioning: "StickySolid",
        logo: { ...logo, url: "/", alignment: "left", alignmentMobile: "center" },
        navigation: {
          items: visibleNavigation([...configuredNavigation(navigation, locale), ...extra], viewer),
          alignment: "left",
        },
        backgroundColor: null,
        foregroundColor: null,
        height: limits.sizes.titleBarHeight,
        heightMobile: limits.sizes.titleBarHeightMobile,
        borderType: "none",
        registrationOpen: isRegistrationOpen(registration),
        registrationApproval: isRegistrationByApproval(registration),
        botCheck: registration.toLowerCase() === "captcha" ? botCheck : null,
        conversationsEnabled: conversations,
      };
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(key, props);
      return props;
    },
  };
}

export type TitleBars = ReturnType<typeof createTitleBars>;
