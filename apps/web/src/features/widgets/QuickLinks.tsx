import type { WidgetProps } from "@parley/contracts";
import { t } from "../../lib/i18n.ts";
import { WidgetFrame } from "./WidgetFrame.tsx";
import styles from "./HomeWidgets.module.css";

/** `react.quick-links`: a title ("Quick Links" unless given) over a list of links, in the panel or the main column. */
export function QuickLinks({ title, links }: WidgetProps<"react.quick-links">) {
  return (
    <WidgetFrame part="quick-links" title={title ?? t("Quick Links")}>
      <nav aria-label={title ?? t("Quick Links")}>
        <ul className={styles.quickLinks}>
          {links.map((link, index) => (
            <li key={`${index}-${link.url}`}>
              <a href={link.url}>{link.name}</a>
            </li>
          ))}
        </ul>
      </nav>
    </WidgetFrame>
  );
}
