import type { LayoutCatalog } from "@parley/contracts";

/*
 * The layout being edited, as plain data: top-level rows (sections, or a widget on its own), a section's slots
 * holding widgets. Every change returns a new layout; moved widgets keep their object, so their key follows them.
 */

export type Device = "all" | "desktop" | "mobile";

export interface EditorWidget {
  $reactComponent: string;
  $reactProps: Record<string, unknown>;
  $middleware?: { visibility?: { device?: Device } };
}

export type EditorLayout = readonly EditorWidget[];

/** A widget in a section's slot. */
export interface SlotAddress {
  section: number;
  slot: string;
  index: number;
}

const keys = new WeakMap<object, string>();
let counter = 0;

/** A stable key for a widget object (React's key, and the focus target after a move). */
export function keyOf(widget: object): string {
  let key = keys.get(widget);
  if (!key) {
    key = `w${++counter}`;
    keys.set(widget, key);
  }
  return key;
}

/** A changed copy of a widget keeps its key. */
const keepKey = <T extends object>(from: object, to: T): T => {
  keys.set(to, keyOf(from));
  return to;
};

export const isSection = (widget: EditorWidget) => widget.$reactComponent.startsWith("react.section.");

/** A section's slot names, from the catalogue's schema of its props (each property is a slot). */
export function slotsOf(catalog: Pick<LayoutCatalog, "sections">, sectionName: string): string[] {
  const schema = catalog.sections[sectionName]?.schema;
  const properties = schema?.["properties"];
  return properties && typeof properties === "object" ? Object.keys(properties) : [];
}

/** The widgets of a slot. */
export const slotWidgets = (section: EditorWidget, slot: string): EditorWidget[] => {
  const value = section.$reactProps[slot];
  return Array.isArray(value) ? (value as EditorWidget[]) : [];
};

const withSlot = (section: EditorWidget, slot: string, widgets: EditorWidget[]): EditorWidget => {
  const props = { ...section.$reactProps };
  if (widgets.length) props[slot] = widgets;
  else delete props[slot];
  return keepKey(section, { ...section, $reactProps: props });
};

const replaceAt = <T>(list: readonly T[], index: number, item: T): T[] =>
  list.map((old, i) => (i === index ? item : old));

/** Moves a row (a section) from one position to another. */
export function moveRow(layout: EditorLayout, from: number, to: number): EditorWidget[] {
  const rows = [...layout];
  if (to < 0 || to >= rows.length || from === to) return rows;
  const [row] = rows.splice(from, 1);
  rows.splice(to, 0, row!);
  return rows;
}

export const removeRow = (layout: EditorLayout, index: number): EditorWidget[] => layout.filter((_, i) => i !== index);

export const addRow = (layout: EditorLayout, widget: EditorWidget): EditorWidget[] => [...layout, widget];

export const widgetAt = (layout: EditorLayout, at: SlotAddress): EditorWidget | undefined => {
  const section = layout[at.section];
  return section ? slotWidgets(section, at.slot)[at.index] : undefined;
};

/** Puts a widget into a slot at `index` (the end when past it). */
export function insertWidget(layout: EditorLayout, at: SlotAddress, widget: EditorWidget): EditorWidget[] {
  const section = layout[at.section];
  if (!section) return [...layout];
  const widgets = [...slotWidgets(section, at.slot)];
  widgets.splice(Math.min(at.index, widgets.length), 0, widget);
  return replaceAt(layout, at.section, withSlot(section, at.slot, widgets));
}

export function removeWidget(layout: EditorLayout, at: SlotAddress): EditorWidget[] {
  const section = layout[at.section];
  if (!section) return [...layout];
  const widgets = slotWidgets(section, at.slot).filter((_, i) => i !== at.index);
  return replaceAt(layout, at.section, withSlot(section, at.slot, widgets));
}

/** Replaces a widget (its options or visibility changed), keeping its key. */
export function replaceWidget(layout: EditorLayout, at: SlotAddress, widget: EditorWidget): EditorWidget[] {
  const section = layout[at.section];
  const old = widgetAt(layout, at);
  if (!section || !old) return [...layout];
  const widgets = replaceAt(slotWidgets(section, at.slot), at.index, keepKey(old, widget));
  return replaceAt(layout, at.section, withSlot(section, at.slot, widgets));
}

/** Moves a widget to another place (another slot, or another position in its own). */
export function moveWidget(layout: EditorLayout, from: SlotAddress, to: SlotAddress): EditorWidget[] {
  const widget = widgetAt(layout, from);
  if (!widget) return [...layout];
  const sameSlot = from.section === to.section && from.slot === to.slot;
  const index = sameSlot && to.index > from.index ? to.index - 1 : to.index;
  return insertWidget(removeWidget(layout, from), { ...to, index }, widget);
}

/** Every slot of the layout's sections, in reading order. */
export function allSlots(layout: EditorLayout, catalog: Pick<LayoutCatalog, "sections">): Omit<SlotAddress, "index">[] {
  return layout.flatMap((row, section) =>
    isSection(row) ? slotsOf(catalog, row.$reactComponent).map((slot) => ({ section, slot })) : [],
  );
}

/**
 * Where "Move up" or "Move down" takes a widget: one place in its slot, or past the slot's edge to the end of the
 * slot before (the start of the one after). Null at the layout's first or last place.
 */
export function stepTarget(
  layout: EditorLayout,
  catalog: Pick<LayoutCatalog, "sections">,
  from: SlotAddress,
  direction: -1 | 1,
): SlotAddress | null {
  const section = layout[from.section];
  if (!section) return null;
  const count = slotWidgets(section, from.slot).length;
  // `moveWidget` inserts before the index: one down is two past the widget's own place.
  if (direction === -1 && from.index > 0) return { ...from, index: from.index - 1 };
  if (direction === 1 && from.index < count - 1) return { ...from, index: from.index + 2 };
  const slots = allSlots(layout, catalog);
  const here = slots.findIndex((slot) => slot.section === from.section && slot.slot === from.slot);
  const next = slots[here + direction];
  if (here < 0 || !next) return null;
  const nextSection = layout[next.section]!;
  return { ...next, index: direction === -1 ? slotWidgets(nextSection, next.slot).length : 0 };
}
