import type { WidgetName } from "@parley/contracts";
import { msg, t } from "../../lib/i18n.ts";

/**
 * The names an operator reads for the catalogue's widgets, one for each (the type says so); a widget the editor does
 * not know (a layout made elsewhere) shows its id.
 */
const widgetNames: Record<WidgetName, string> = {
  "react.section.1-column": msg("One column"),
  "react.section.2-columns": msg("Two columns"),
  "react.section.3-columns": msg("Three columns"),
  "react.section.full-width": msg("Full width"),
  "react.banner": msg("Banner"),
  "react.collection-records": msg("Featured collection"),
  "react.discussion.discussions": msg("Discussions"),
  "react.quick-links": msg("Quick links"),
  "react.cta": msg("Call to action"),
  "react.customFragment": msg("Custom fragment"),
  "react.asset.customPageHead": msg("Page title and description"),
  "react.html": msg("Title and description"),
  "react.newPostButton": msg("New Discussion button"),
  "react.breadcrumbs": msg("Breadcrumbs"),
  "react.onlineNow": msg("Online Now"),
  "react.leaderboard": msg("Leaderboard"),
  "react.popularTags": msg("Popular Tags"),
  "react.asset.discussionList": msg("Discussion list"),
  "react.asset.categoryList": msg("Category list"),
  "react.asset.categoryHeader": msg("Category header"),
  "react.asset.discussion": msg("Discussion and comments"),
  "react.asset.createPost": msg("New post form"),
  "react.categories": msg("Categories"),
  "react.article.articles": msg("Articles"),
  "react.groups": msg("Groups"),
};

export const widgetName = (component: string) => {
  const name = (widgetNames as Record<string, string | undefined>)[component];
  return name ? t(name) : component;
};

/** A section's slots, by their props' names. */
const slotNames: Record<string, string> = {
  breadcrumbs: msg("Breadcrumbs"),
  children: msg("Content"),
  mainTop: msg("Main, top"),
  mainBottom: msg("Main, bottom"),
  secondaryTop: msg("Panel, top"),
  secondaryBottom: msg("Panel, bottom"),
  leftTop: msg("Left, top"),
  leftBottom: msg("Left, bottom"),
  middleTop: msg("Middle, top"),
  middleBottom: msg("Middle, bottom"),
  rightTop: msg("Right, top"),
  rightBottom: msg("Right, bottom"),
};

export const slotName = (slot: string) => {
  const name = slotNames[slot];
  return name ? t(name) : slot;
};

/** The view types' names, as the list and the editor show them. */
const viewTypeNames: Record<string, string> = {
  home: msg("Home page"),
  subcommunityHome: msg("Subcommunity home page"),
  discussionList: msg("Discussion lists"),
  categoryList: msg("Category pages"),
  post: msg("Discussion pages"),
  createPost: msg("New post pages"),
};

export const viewTypeName = (viewType: string) => {
  const name = viewTypeNames[viewType];
  return name ? t(name) : viewType;
};

/** View types whose layouts may be applied to one category's pages as well as everywhere. */
export const categoryBound: readonly string[] = ["categoryList", "post", "createPost"];
