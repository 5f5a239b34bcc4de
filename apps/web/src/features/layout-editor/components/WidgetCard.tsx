import { useState, type DragEvent } from "react";
import type { LayoutCatalog } from "@parley/contracts";
import { t } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/button/Button.tsx";
import { formStyles } from "../../../ui/forms/Form.tsx";
import { slotName, widgetName } from "../layout-editor.labels.ts";
import {
  allSlots,
  keyOf,
  type Device,
  type EditorLayout,
  type EditorWidget,
  type SlotAddress,
} from "../layout-tree.ts";
import type { JsonSchema } from "../schema-form.ts";
import type { LayoutDraft } from "../useLayoutDraft.ts";
import { MoveButtons } from "./MoveButtons.tsx";
import { SchemaForm } from "./SchemaForm.tsx";
import styles from "./LayoutOutline.module.css";

const deviceNames = (): Record<Device, string> => ({
  all: t("All devices"),
  desktop: t("Desktop only"),
  mobile: t("Mobile only"),
});

/** The catalogue's schema of a widget's props (widgets and assets). */
const schemaOf = (catalog: LayoutCatalog, component: string): JsonSchema =>
  catalog.widgets[component]?.schema ?? catalog.assets[component]?.schema ?? {};

/** The slots a widget may move to, but its own. */
function MoveToList({
  layout,
  catalog,
  at,
  onMove,
  onClose,
}: {
  layout: EditorLayout;
  catalog: LayoutCatalog;
  at: SlotAddress;
  onMove: (to: Omit<SlotAddress, "index">) => void;
  onClose: () => void;
}) {
  const targets = allSlots(layout, catalog).filter((slot) => slot.section !== at.section || slot.slot !== at.slot);
  return (
    <div
      className={styles.moveTo}
      role="group"
      aria-label={t("Move to…")}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      {targets.length === 0 ? <p className={formStyles.hint}>{t("There is no other slot to move to.")}</p> : null}
      {targets.map((slot, index) => (
        <Button
          key={`${slot.section}-${slot.slot}`}
          size="compact"
          autoFocus={index === 0}
          onPress={() => onMove(slot)}
        >
          {t("Section {n}: {slot}", { n: slot.section + 1, slot: slotName(slot.slot) })}
        </Button>
      ))}
      <Button size="compact" buttonType="text" onPress={onClose}>
        {t("Cancel")}
      </Button>
    </div>
  );
}

/**
 * A widget in a slot: its name, where it shows, and its controls (options, Move up, Move down, Move to…, Remove);
 * draggable to another place. Its options open below it, in a form generated from its schema.
 */
export function WidgetCard({
  widget,
  at,
  count,
  first,
  last,
  draft,
  catalog,
  errors,
  onDragStart,
  dropTarget,
}: {
  /** A widget dropped on this one goes before it. */
  dropTarget: { onDragOver: (event: DragEvent) => void; onDrop: (event: DragEvent) => void };
  widget: EditorWidget;
  at: SlotAddress;
  count: number;
  first: boolean;
  last: boolean;
  draft: LayoutDraft;
  catalog: LayoutCatalog;
  errors: Readonly<Record<string, string>>;
  onDragStart: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [moving, setMoving] = useState(false);
  const name = widgetName(widget.$reactComponent);
  const path = `layout[${at.section}].$reactProps.${at.slot}[${at.index}]`;
  const hasErrors = Object.keys(errors).some((field) => field.startsWith(`${path}.`));
  const device = widget.$middleware?.visibility?.device ?? "all";
  const optionsID = `options-${keyOf(widget)}`;
  const headingID = `widget-${keyOf(widget)}`;
  return (
    <li
      className={styles.widget}
      data-item-key={keyOf(widget)}
      tabIndex={-1}
      aria-labelledby={headingID}
      {...dropTarget}
    >
      <div
        className={styles.widgetHead}
        draggable
        onDragStart={(event) => {
          event.dataTransfer.effectAllowed = "move";
          event.dataTransfer.setData("text/plain", name);
          event.stopPropagation();
          onDragStart();
        }}
      >
        <h4 id={headingID} className={styles.widgetName}>
          {name}
          <span className={styles.visuallyHidden}>
            {", "}
            {t("position {n} of {count}", { n: at.index + 1, count })}
          </span>
        </h4>
        {device !== "all" ? <span className={styles.badge}>{deviceNames()[device]}</span> : null}
        {hasErrors ? <span className={styles.errorBadge}>{t("Check its options")}</span> : null}
      </div>
      <div className={styles.controls}>
        <Button
          size="compact"
          data-control="options"
          aria-expanded={open}
          aria-controls={optionsID}
          aria-label={t("Options of {widget}", { widget: name })}
          onPress={() => setOpen(!open)}
        >
          {t("Options")}
        </Button>
        <MoveButtons target={name} first={first} last={last} onMove={(direction) => draft.stepWidget(at, direction)} />
        <Button
          size="compact"
          data-control="moveTo"
          aria-expanded={moving}
          aria-label={t("Move to… ({widget})", { widget: name })}
          onPress={() => setMoving(!moving)}
        >
          {t("Move to…")}
        </Button>
        <Button
          size="compact"
          aria-label={t("Remove {widget}", { widget: name })}
          onPress={() => draft.removeWidget(at)}
        >
          {t("Remove")}
        </Button>
      </div>
      {moving ? (
        <MoveToList
          layout={draft.layout}
          catalog={catalog}
          at={at}
          onClose={() => {
            setMoving(false);
            document.querySelector<HTMLElement>(`[data-item-key="${keyOf(widget)}"] [data-control="moveTo"]`)?.focus();
          }}
          onMove={(to) => {
            setMoving(false);
            draft.moveWidgetTo(at, { ...to, index: Number.MAX_SAFE_INTEGER }, "moveTo");
          }}
        />
      ) : null}
      {open ? (
        <div id={optionsID} className={styles.options}>
          {catalog.assets[widget.$reactComponent] ? (
            <p className={formStyles.hint}>
              {t(
                "Part of the page itself: the page supplies what it lists and its heading, in place of what is set here.",
              )}
            </p>
          ) : null}
          <SchemaForm
            schema={schemaOf(catalog, widget.$reactComponent)}
            value={widget.$reactProps}
            path={`${path}.$reactProps`}
            errors={errors}
            onChange={(props) => draft.updateWidget(at, { ...widget, $reactProps: props })}
          />
          <div className={formStyles.field}>
            <label className={formStyles.label} htmlFor={`${optionsID}-device`}>
              {t("Shown on")}
            </label>
            <select
              id={`${optionsID}-device`}
              className={formStyles.input}
              value={device}
              onChange={(event) => {
                const chosen = event.target.value as Device;
                const { $middleware: _old, ...rest } = widget;
                draft.updateWidget(
                  at,
                  chosen === "all" ? rest : { ...rest, $middleware: { visibility: { device: chosen } } },
                );
              }}
            >
              {Object.entries(deviceNames()).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : null}
    </li>
  );
}
