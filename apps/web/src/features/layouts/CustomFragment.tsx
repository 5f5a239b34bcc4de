import type { WidgetProps } from "@parley/contracts";
import { t } from "../../lib/i18n.ts";
import styles from "./CustomFragment.module.css";

/** The frame's height until an administrator gives one. */
const DEFAULT_HEIGHT = 300;

/** The frame's address: the active revision's frame with the props (or a preview data set) the layout gives. */
function frameSource({ fragmentImpl, props, previewDataUUID }: WidgetProps<"react.customFragment">): string | null {
  if (!fragmentImpl.frameUrl) return null;
  const url = new URL(fragmentImpl.frameUrl);
  if (previewDataUUID) url.searchParams.set("previewDataUUID", previewDataUUID);
  else if (props) url.searchParams.set("props", JSON.stringify(props));
  // Root-relative: the page's own origin, whatever address the server was reached by.
  return url.pathname + url.search;
}

/**
 * `react.customFragment` (issue 38): a fragment's active revision in a sandboxed frame. `sandbox="allow-scripts"`
 * without `allow-same-origin` gives its document an opaque origin (its own CSP says the same): its code runs, but
 * cannot read the site's cookies, storage or transient key, call the API as the reader, nor script this page. A
 * fragment that is not there or has no active revision shows 'Error Loading Fragment'. Rendered by the server only.
 */
export function CustomFragment(widget: WidgetProps<"react.customFragment">) {
  const src = frameSource(widget);
  if (!src)
    return (
      <p className={styles.error} role="alert">
        {t("Error Loading Fragment")}
      </p>
    );
  return (
    <iframe
      className={styles.frame}
      src={src}
      sandbox="allow-scripts"
      title={widget.title || t("Fragment")}
      height={widget.height ?? DEFAULT_HEIGHT}
      loading="lazy"
      referrerPolicy="no-referrer"
      data-fragment={widget.fragmentImpl.fragmentUUID}
    />
  );
}
