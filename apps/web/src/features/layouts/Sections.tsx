import type { LayoutAssetWidget, WidgetProps } from "@parley/contracts";
import { LayoutRenderer } from "./LayoutRenderer.tsx";
import styles from "./LayoutRenderer.module.css";

/*
 * Section widgets (spec §2 "One-, two- and three-column page layouts"): slots of nested widgets laid
 * out in columns by the §9 widths; every section collapses to one column on narrow screens.
 */

type Slot = LayoutAssetWidget[] | undefined;

const Column = ({ widgets, label, panel }: { widgets: LayoutAssetWidget[]; label?: string; panel?: boolean }) =>
  widgets.length ? (
    <div
      className={panel ? `${styles.column} ${styles.panel}` : styles.column}
      {...(label ? { "data-slot": label } : {})}
    >
      <LayoutRenderer widgets={widgets} />
    </div>
  ) : null;

const Breadcrumbs = ({ value }: { value: Slot }) => <LayoutRenderer widgets={value ?? []} />;

/** The widgets of a column's top and bottom slots, in order. */
const both = (top: Slot, bottom: Slot) => [...(top ?? []), ...(bottom ?? [])];

/** `react.section.1-column`: breadcrumbs, then `children` in the middle column. */
export function SectionOneColumn(props: WidgetProps<"react.section.1-column">) {
  return (
    <div className={styles.section}>
      <Breadcrumbs value={props.breadcrumbs} />
      <Column widgets={props.children ?? []} label="main" />
    </div>
  );
}

/**
 * `react.section.2-columns`: breadcrumbs, a main column (top, bottom) and a secondary panel (top, bottom), the
 * panel after the main column in the document (under it on narrow screens, where it comes last).
 */
export function SectionTwoColumns(props: WidgetProps<"react.section.2-columns">) {
  return (
    <div className={styles.section}>
      <Breadcrumbs value={props.breadcrumbs} />
      <div className={`${styles.section} ${styles.twoColumns}`}>
        <Column widgets={both(props.mainTop, props.mainBottom)} label="main" />
        <Column widgets={both(props.secondaryTop, props.secondaryBottom)} label="secondary" />
      </div>
    </div>
  );
}

/** `react.section.3-columns`: left panel, middle column, right panel (each top and bottom). */
export function SectionThreeColumns(props: WidgetProps<"react.section.3-columns">) {
  return (
    <div className={styles.section}>
      <Breadcrumbs value={props.breadcrumbs} />
      <div className={`${styles.section} ${styles.threeColumns}`}>
        <Column widgets={both(props.leftTop, props.leftBottom)} label="left" />
        <Column widgets={both(props.middleTop, props.middleBottom)} label="main" />
        <Column widgets={both(props.rightTop, props.rightBottom)} label="right" />
      </div>
    </div>
  );
}

/** `react.section.full-width`: `children` across the whole width. */
export function SectionFullWidth(props: WidgetProps<"react.section.full-width">) {
  return (
    <div className={`${styles.section} ${styles.fullWidth}`}>
      <LayoutRenderer widgets={props.children ?? []} />
    </div>
  );
}
