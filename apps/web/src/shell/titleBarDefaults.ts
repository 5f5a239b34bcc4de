import type { TitleBarProps } from "@parley/contracts/layouts";
import { limits } from "@parley/contracts/limits";

/**
 * The title bar before a layout supplies one: the two default navigation entries of spec §2 (Posts,
 * then Categories), sticky and solid, the site name as logo.
 */
export const defaultTitleBar: TitleBarProps = {
  positioning: "StickySolid",
  logo: { imageUrl: null, imageUrlMobile: null, url: "/", alignment: "left", alignmentMobile: "left" },
  navigation: {
    items: [
      { id: "builtin-discussions", name: "Posts", url: "/discussions" },
      { id: "builtin-categories", name: "Categories", url: "/categories" },
    ],
    alignment: "left",
  },
  backgroundColor: null,
  foregroundColor: null,
  height: limits.sizes.titleBarHeight,
  heightMobile: limits.sizes.titleBarHeightMobile,
  borderType: "none",
  registrationOpen: true,
  conversationsEnabled: true,
};
