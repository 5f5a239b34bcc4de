import { useId } from "react";
import type { WidgetProps } from "@parley/contracts";
import { t } from "../../lib/i18n.ts";
import panel from "../../ui/panel/Panel.module.css";
import styles from "./HomeWidgets.module.css";

/**
 * `react.quick-links`: a title ("Quick Links" unless given) over a list of links, boxed as the panel's boxes are
 * (in the panel or the main column).
 */
export function QuickLinks({ title, links }: WidgetProps<"react.quick-links">) {
  const headingID = useId();
  return (
    <nav className={panel.box} aria-labelledby={headingID} data-home-widget="" data-part="quick-links">
      <h2 id={headingID} className={panel.heading}>
        {title ?? t("Quick Links")}
      </h2>
      <ul className={styles.quickLinks}>
        {links.map((link, index) => (
          <li key={`${index}-${link.url}`}>
            <a href={link.url}>{link.name}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
