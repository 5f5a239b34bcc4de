import { useCallback, useEffect, useRef, useState } from "react";
import type { LayoutCatalog } from "@parley/contracts";
import { t } from "../../lib/i18n.ts";
import { slotName, widgetName } from "./layout-editor.labels.ts";
import {
  addRow,
  insertWidget,
  keyOf,
  moveRow,
  moveWidget,
  removeRow,
  removeWidget,
  replaceWidget,
  slotWidgets,
  stepTarget,
  widgetAt,
  type EditorLayout,
  type EditorWidget,
  type SlotAddress,
} from "./layout-tree.ts";

/** Which control of which item takes the focus after a change (the moved item keeps it). */
interface FocusRequest {
  key: string;
  control: string;
}

/** Where an item is, said to a screen reader after a move: "Section 2, Main, bottom, position 1 of 3". */
const placeOf = (layout: EditorLayout, at: SlotAddress) =>
  t("section {section}, {slot}, position {n} of {count}", {
    section: at.section + 1,
    slot: slotName(at.slot),
    n: at.index + 1,
    count: slotWidgets(layout[at.section]!, at.slot).length,
  });

/**
 * The layout being edited: its rows and widgets, every change the outline makes (add, remove, move, options),
 * whether it differs from what was saved, the last move's announcement and where the focus goes after it.
 */
export function useLayoutDraft(initial: EditorLayout, catalog: Pick<LayoutCatalog, "sections">) {
  const [layout, setLayout] = useState<EditorLayout>(initial);
  const [dirty, setDirty] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const focusRequest = useRef<FocusRequest | null>(null);

  const change = useCallback((next: EditorLayout, message?: string, focus?: FocusRequest) => {
    setLayout(next);
    setDirty(true);
    if (message) setAnnouncement(message);
    focusRequest.current = focus ?? null;
  }, []);

  // After the render that moved it: the same control of the moved item, or the item itself when that control is
  // now disabled (a widget moved to the top has no "Move up").
  useEffect(() => {
    const request = focusRequest.current;
    if (!request) return;
    focusRequest.current = null;
    const item = document.querySelector<HTMLElement>(`[data-item-key="${request.key}"]`);
    const control = item?.querySelector<HTMLButtonElement>(`[data-control="${request.control}"]`);
    (control && !control.disabled ? control : item)?.focus();
  }, [layout]);

  /** Moves a widget to `to`; `control` is the control that asked (it keeps the focus). */
  const moveWidgetTo = (from: SlotAddress, to: SlotAddress, control: string) => {
    const widget = widgetAt(layout, from);
    if (!widget) return;
    const next = moveWidget(layout, from, to);
    const sameSlot = from.section === to.section && from.slot === to.slot;
    const index = sameSlot && to.index > from.index ? to.index - 1 : to.index;
    const landed = { ...to, index: Math.min(index, slotWidgets(next[to.section]!, to.slot).length - 1) };
    change(
      next,
      t("{widget} moved to {place}.", { widget: widgetName(widget.$reactComponent), place: placeOf(next, landed) }),
      {
        key: keyOf(widget),
        control,
      },
    );
  };

  return {
    layout,
    dirty,
    announcement,
    /** The layout as saved now (after Save or Restore): nothing to warn about. */
    reset: (next: EditorLayout) => {
      setLayout(next);
      setDirty(false);
    },
    markClean: () => setDirty(false),
    markDirty: () => setDirty(true),
    addSection: (section: EditorWidget) =>
      change(
        addRow(layout, section),
        t("{section} section added at the end.", { section: widgetName(section.$reactComponent) }),
        {
          key: keyOf(section),
          control: "heading",
        },
      ),
    removeSection: (index: number) => {
      const section = layout[index];
      if (section)
        change(
          removeRow(layout, index),
          t("{section} section removed.", { section: widgetName(section.$reactComponent) }),
        );
    },
    moveSection: (index: number, direction: -1 | 1) => {
      const section = layout[index];
      const to = index + direction;
      if (!section || to < 0 || to >= layout.length) return;
      change(
        moveRow(layout, index, to),
        t("{section} section moved to position {n} of {count}.", {
          section: widgetName(section.$reactComponent),
          n: to + 1,
          count: layout.length,
        }),
        { key: keyOf(section), control: direction === -1 ? "up" : "down" },
      );
    },
    /** Drops a section before the row at `to` (the end when past it). */
    dropSection: (from: number, to: number) => {
      const section = layout[from];
      if (!section) return;
      const target = Math.min(from < to ? to - 1 : to, layout.length - 1);
      change(
        moveRow(layout, from, target),
        t("{section} section moved to position {n} of {count}.", {
          section: widgetName(section.$reactComponent),
          n: target + 1,
          count: layout.length,
        }),
      );
    },
    addWidget: (at: Omit<SlotAddress, "index">, widget: EditorWidget) => {
      const index = slotWidgets(layout[at.section]!, at.slot).length;
      const next = insertWidget(layout, { ...at, index }, widget);
      change(
        next,
        t("{widget} added to {place}.", {
          widget: widgetName(widget.$reactComponent),
          place: placeOf(next, { ...at, index }),
        }),
        {
          key: keyOf(widget),
          control: "options",
        },
      );
    },
    removeWidget: (at: SlotAddress) => {
      const widget = widgetAt(layout, at);
      if (widget)
        change(removeWidget(layout, at), t("{widget} removed.", { widget: widgetName(widget.$reactComponent) }));
    },
    updateWidget: (at: SlotAddress, widget: EditorWidget) => change(replaceWidget(layout, at, widget)),
    /** "Move up" / "Move down": one place, or into the slot before or after. */
    stepWidget: (from: SlotAddress, direction: -1 | 1) => {
      const to = stepTarget(layout, catalog, from, direction);
      if (to) moveWidgetTo(from, to, direction === -1 ? "up" : "down");
    },
    moveWidgetTo,
  };
}

export type LayoutDraft = ReturnType<typeof useLayoutDraft>;
