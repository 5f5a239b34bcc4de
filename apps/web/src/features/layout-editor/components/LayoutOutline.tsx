import { useRef, useState, type DragEvent } from "react";
import type { LayoutCatalog } from "@parley/contracts";
import { t } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/button/Button.tsx";
import { formStyles } from "../../../ui/forms/Form.tsx";
import { slotName, widgetName } from "../layout-editor.labels.ts";
import {
  allSlots,
  isSection,
  keyOf,
  slotWidgets,
  slotsOf,
  type EditorWidget,
  type SlotAddress,
} from "../layout-tree.ts";
import { initialValue } from "../schema-form.ts";
import type { LayoutDraft } from "../useLayoutDraft.ts";
import { MoveButtons } from "./MoveButtons.tsx";
import { WidgetCard } from "./WidgetCard.tsx";
import styles from "./LayoutOutline.module.css";

/** A new widget of the catalogue, its required props at their first values. */
const newWidget = (component: string, schema: Record<string, unknown>): EditorWidget => ({
  $reactComponent: component,
  $reactProps: (initialValue(schema) as Record<string, unknown>) ?? {},
});

/** What is being dragged: a widget from its place, or a section. */
type Dragged = { widget: SlotAddress } | { section: number } | null;

type CatalogEntry = LayoutCatalog["widgets"][string];

/** Catalogue entries to choose from (a slot's widgets, or the sections), each by name and description. */
function Picker({
  entries,
  label,
  onPick,
  onClose,
}: {
  entries: [string, CatalogEntry][];
  label: string;
  onPick: (component: string, entry: CatalogEntry) => void;
  onClose: () => void;
}) {
  return (
    <div
      className={styles.picker}
      role="group"
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <ul className={styles.pickerList}>
        {entries.map(([component, entry], index) => (
          <li key={component}>
            <button
              type="button"
              className={styles.pick}
              autoFocus={index === 0}
              onClick={() => onPick(component, entry)}
            >
              <span className={styles.pickName}>{widgetName(component)}</span>
              <span className={styles.pickDescription}>{entry.description}</span>
            </button>
          </li>
        ))}
      </ul>
      <Button size="compact" buttonType="text" onPress={onClose}>
        {t("Cancel")}
      </Button>
    </div>
  );
}

/** One slot of a section: its widgets, a drop target, and Add widget. */
function Slot({
  section,
  slot,
  draft,
  catalog,
  errors,
  dragged,
  setDragged,
  isFirstSlot,
  isLastSlot,
}: {
  section: number;
  slot: string;
  draft: LayoutDraft;
  catalog: LayoutCatalog;
  errors: Readonly<Record<string, string>>;
  dragged: Dragged;
  setDragged: (value: Dragged) => void;
  isFirstSlot: boolean;
  isLastSlot: boolean;
}) {
  const [picking, setPicking] = useState(false);
  const [over, setOver] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const widgets = slotWidgets(draft.layout[section]!, slot);
  const headingID = `slot-${keyOf(draft.layout[section]!)}-${slot}`;
  const drop = (event: DragEvent, index: number) => {
    if (!dragged || !("widget" in dragged)) return;
    event.preventDefault();
    event.stopPropagation();
    setOver(false);
    draft.moveWidgetTo(dragged.widget, { section, slot, index }, "options");
    setDragged(null);
  };
  const accepts = (event: DragEvent) => {
    if (dragged && "widget" in dragged) {
      event.preventDefault();
      setOver(true);
    }
  };
  return (
    <div
      className={over ? `${styles.slot} ${styles.over}` : styles.slot}
      aria-labelledby={headingID}
      role="group"
      onDragOver={accepts}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => drop(event, widgets.length)}
    >
      <h3 id={headingID} className={styles.slotName}>
        {slotName(slot)}
      </h3>
      {widgets.length ? (
        <ol className={styles.widgets}>
          {widgets.map((widget, index) => (
            <WidgetCard
              key={keyOf(widget)}
              dropTarget={{ onDragOver: accepts, onDrop: (event) => drop(event, index) }}
              widget={widget}
              at={{ section, slot, index }}
              count={widgets.length}
              first={isFirstSlot && index === 0}
              last={isLastSlot && index === widgets.length - 1}
              draft={draft}
              catalog={catalog}
              errors={errors}
              onDragStart={() => setDragged({ widget: { section, slot, index } })}
            />
          ))}
        </ol>
      ) : (
        <p className={formStyles.hint}>{t("No widgets here yet.")}</p>
      )}
      {picking ? (
        <Picker
          // The page's own assets first, then the catalogue's widgets.
          entries={[...Object.entries(catalog.assets), ...Object.entries(catalog.widgets)]}
          label={t("Add a widget to {slot}", { slot: slotName(slot) })}
          onClose={() => {
            setPicking(false);
            requestAnimationFrame(() => addButton.current?.focus());
          }}
          onPick={(component, entry) => {
            setPicking(false);
            draft.addWidget({ section, slot }, newWidget(component, entry.schema));
          }}
        />
      ) : (
        <Button
          ref={addButton}
          size="compact"
          aria-label={t("Add a widget to section {n}, {slot}", { n: section + 1, slot: slotName(slot) })}
          onPress={() => setPicking(true)}
        >
          {t("Add a widget")}
        </Button>
      )}
    </div>
  );
}

/**
 * The layout as its sections, top to bottom, each with its slots and their widgets: add, remove and move sections
 * and widgets with buttons (the focus stays on what moved, a live region says where it went) or by dragging.
 */
export function LayoutOutline({
  draft,
  catalog,
  errors,
}: {
  draft: LayoutDraft;
  catalog: LayoutCatalog;
  errors: Readonly<Record<string, string>>;
}) {
  const [dragged, setDragged] = useState<Dragged>(null);
  const [addingSection, setAddingSection] = useState(false);
  const addSectionButton = useRef<HTMLButtonElement>(null);
  const slots = allSlots(draft.layout, catalog);
  const firstSlot = slots[0];
  const lastSlot = slots[slots.length - 1];
  const { layout } = draft;
  return (
    <div className={styles.outline}>
      <p role="status" aria-live="polite" className={styles.visuallyHidden}>
        {draft.announcement}
      </p>
      <ol className={styles.sections}>
        {layout.map((row, index) => {
          const name = widgetName(row.$reactComponent);
          const headingID = `section-${keyOf(row)}`;
          return (
            <li
              key={keyOf(row)}
              className={styles.section}
              data-item-key={keyOf(row)}
              tabIndex={-1}
              aria-labelledby={headingID}
              onDragOver={(event) => {
                if (dragged && "section" in dragged) event.preventDefault();
              }}
              onDrop={(event) => {
                if (!dragged || !("section" in dragged)) return;
                event.preventDefault();
                draft.dropSection(dragged.section, index);
                setDragged(null);
              }}
            >
              <div
                className={styles.sectionHead}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", name);
                  setDragged({ section: index });
                }}
              >
                <h2 id={headingID} className={styles.sectionName} data-control="heading" tabIndex={-1}>
                  {t("Section {n}: {name}", { n: index + 1, name })}
                </h2>
                <div className={styles.controls}>
                  <MoveButtons
                    target={t("section {n}", { n: index + 1 })}
                    first={index === 0}
                    last={index === layout.length - 1}
                    onMove={(direction) => draft.moveSection(index, direction)}
                  />
                  <Button
                    size="compact"
                    aria-label={t("Remove section {n}", { n: index + 1 })}
                    onPress={() => draft.removeSection(index)}
                  >
                    {t("Remove")}
                  </Button>
                </div>
              </div>
              {isSection(row) ? (
                <div className={styles.slots} data-columns={row.$reactComponent}>
                  {slotsOf(catalog, row.$reactComponent).map((slot) => (
                    <Slot
                      key={slot}
                      section={index}
                      slot={slot}
                      draft={draft}
                      catalog={catalog}
                      errors={errors}
                      dragged={dragged}
                      setDragged={setDragged}
                      isFirstSlot={firstSlot?.section === index && firstSlot.slot === slot}
                      isLastSlot={lastSlot?.section === index && lastSlot.slot === slot}
                    />
                  ))}
                </div>
              ) : (
                <p className={formStyles.hint}>{t("A widget outside any section: it can be moved or removed.")}</p>
              )}
            </li>
          );
        })}
      </ol>
      {addingSection ? (
        <Picker
          entries={Object.entries(catalog.sections)}
          label={t("Add a section")}
          onClose={() => {
            setAddingSection(false);
            // Back to the button that opened the picker, once it is there again.
            requestAnimationFrame(() => addSectionButton.current?.focus());
          }}
          onPick={(component) => {
            setAddingSection(false);
            draft.addSection({ $reactComponent: component, $reactProps: {} });
          }}
        />
      ) : (
        <Button ref={addSectionButton} onPress={() => setAddingSection(true)}>
          {t("Add section")}
        </Button>
      )}
    </div>
  );
}
