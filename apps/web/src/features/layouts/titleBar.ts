import type { TitleBarProps } from "@parley/contracts";
import { sizesLimits } from "@parley/contracts/shell-limits";
import { defaultNavigationItems } from "@parley/contracts/navigation";

/**
 * Used only when no layout answer reached the page (the API failed): the defaults of spec §2, less the
 * entries that need a permission (nothing said who is looking).
 */
export const fallbackTitleBar: TitleBarProps = {
  positioning: "StickySolid",
  logo: { imageUrl: null, imageUrlMobile: null, url: "/", alignment: "left", alignmentMobile: "center" },
  navigation: {
    items: defaultNavigationItems.filter((item) => !("permission" in item)).map((item) => ({ ...item })),
    alignment: "left",
  },
  backgroundColor: null,
  foregroundColor: null,
  height: sizesLimits.titleBarHeight,
  heightMobile: sizesLimits.titleBarHeightMobile,
  borderType: "none",
  registrationOpen: true,
  conversationsEnabled: true,
};
