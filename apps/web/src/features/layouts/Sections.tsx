import type { LayoutWidget } from "@parley/contracts";
import { LayoutRenderer } from "./LayoutRenderer.tsx";
import { sectionStyle } from "./layoutCss.ts";
import styles from "./LayoutRenderer.module.css";
import { widgetsOf } from "./widgetRegistry.ts";

/*
 * Section widgets (spec §2 "One-, two- and three-column page layouts"): slots of nested widgets laid
 * out in columns by the §9 widths; every section collapses to one column on narrow screens.
 */

type Slots = Record<string, unknown>;

const Column = ({ widgets, label }: { widgets: LayoutWidget[]; label?: string }) =>
  widgets.length ? (
    <div className={styles.column} {...(label ? { "data-slot": label } : {})}>
      <LayoutRenderer widgets={widgets} />
    </div>
  ) : null;

const Breadcrumbs = ({ value }: { value: unknown }) => <LayoutRenderer widgets={widgetsOf(value)} />;

/** `react.section.1-column`: breadcrumbs, then `children` in the middle column. */
export function SectionOneColumn(props: Slots) {
  return (
    <div className={styles.section} style={sectionStyle}>
      <Breadcrumbs value={props["breadcrumbs"]} />
      <Column widgets={widgetsOf(props["children"])} label="main" />
    </div>
  );
}

/** `react.section.2-columns`: breadcrumbs, a main column (top, bottom) and a secondary panel (top, bottom). */
export function SectionTwoColumns(props: Slots) {
  return (
    <div className={styles.section} style={sectionStyle}>
      <Breadcrumbs value={props["breadcrumbs"]} />
      <div className={`${styles.section} ${styles.twoColumns}`}>
        <Column widgets={[...widgetsOf(props["mainTop"]), ...widgetsOf(props["mainBottom"])]} label="main" />
        <Column
          widgets={[...widgetsOf(props["secondaryTop"]), ...widgetsOf(props["secondaryBottom"])]}
          label="secondary"
        />
      </div>
    </div>
  );
}

/** `react.section.3-columns`: left panel, middle column, right panel (each top and bottom). */
export function SectionThreeColumns(props: Slots) {
  const slot = (name: string) => [...widgetsOf(props[`${name}Top`]), ...widgetsOf(props[`${name}Bottom`])];
  return (
    <div className={styles.section} style={sectionStyle}>
      <Breadcrumbs value={props["breadcrumbs"]} />
      <div className={`${styles.section} ${styles.threeColumns}`}>
        <Column widgets={slot("left")} label="left" />
        <Column widgets={slot("middle")} label="main" />
        <Column widgets={slot("right")} label="right" />
      </div>
    </div>
  );
}

/** `react.section.full-width`: `children` across the whole width. */
export function SectionFullWidth(props: Slots) {
  return (
    <div className={`${styles.section} ${styles.fullWidth}`} style={sectionStyle}>
      <LayoutRenderer widgets={widgetsOf(props["children"])} />
    </div>
  );
}
