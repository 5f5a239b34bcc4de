import {
  DndContext,
  DragOverlay,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragMoveEvent,
} from "@dnd-kit/core";
import type { CategoryTreeItem } from "@parley/contracts";
import { createContext, useContext, useState } from "react";
import { t } from "../../../../lib/i18n.ts";
import { dropPlace, treeEntries, type CategoryPlace } from "../../categories.tree.ts";
import { CategoryTree, type RowFrame } from "./CategoryTree.tsx";
import styles from "./CategoriesDashboard.module.css";

type Zone = "before" | "inside" | "after";

/** Where the dragged category would land now: on which row, and in which part of it. */
const DropContext = createContext<{ overID: number | null; zone: Zone | null; draggedID: number | null }>({
  overID: null,
  zone: null,
  draggedID: null,
});

/** A row with its drag handle (pointer only: the move buttons are the keyboard's way) and its drop target. */
const DragFrame: RowFrame = ({ entry, children }) => {
  const id = entry.category.categoryID;
  const drop = useContext(DropContext);
  const draggable = useDraggable({ id });
  const droppable = useDroppable({ id });
  const landing = drop.overID === id && drop.draggedID !== id ? drop.zone : null;
  const className = [
    styles.frame,
    draggable.isDragging ? styles.dragging : "",
    landing === "before" ? styles.dropBefore : "",
    landing === "after" ? styles.dropAfter : "",
    landing === "inside" ? styles.dropInside : "",
  ].join(" ");
  return (
    <div ref={droppable.setNodeRef} className={className} data-drop={landing ?? undefined}>
      <span
        ref={draggable.setNodeRef}
        {...draggable.listeners}
        className={styles.handle}
        aria-hidden="true"
        title={t("Drag to move “{name}”", { name: entry.category.name })}
        data-drag-handle=""
      >
        ⠿
      </span>
      {children}
    </div>
  );
};

/**
 * The tree with drag and drop (@dnd-kit/core, loaded with this page only once it is hydrated): a category
 * dropped on the top quarter of another goes before it, on the bottom quarter after it, in the middle inside
 * it. `onPlace` saves the move (the same action as the buttons).
 */
export function CategoryDragTree({
  tree,
  action,
  busy,
  onPlace,
}: {
  tree: CategoryTreeItem[];
  action: string;
  busy: boolean;
  onPlace: (categoryID: number, place: CategoryPlace) => void;
}) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const [drop, setDrop] = useState<{ overID: number | null; zone: Zone | null; draggedID: number | null }>({
    overID: null,
    zone: null,
    draggedID: null,
  });
  const entries = new Map(treeEntries(tree).map((entry) => [entry.category.categoryID, entry]));
  const dragged = drop.draggedID === null ? undefined : entries.get(drop.draggedID);

  const zoneOf = (event: DragMoveEvent): Zone | null => {
    const { over, active } = event;
    const moved = active.rect.current.translated;
    if (!over || !moved) return null;
    const y = moved.top + moved.height / 2;
    const offset = (y - over.rect.top) / over.rect.height;
    return offset < 0.25 ? "before" : offset > 0.75 ? "after" : "inside";
  };
  const handleMove = (event: DragMoveEvent) =>
    setDrop({
      draggedID: Number(event.active.id),
      overID: event.over ? Number(event.over.id) : null,
      zone: zoneOf(event),
    });
  const handleEnd = (event: DragEndEvent) => {
    const zone = zoneOf(event);
    const target = event.over ? entries.get(Number(event.over.id)) : undefined;
    const source = entries.get(Number(event.active.id));
    setDrop({ overID: null, zone: null, draggedID: null });
    if (!zone || !target || !source) return;
    const place = dropPlace(source.category, target, zone);
    if (place) onPlace(source.category.categoryID, place);
  };

  return (
    <DropContext.Provider value={drop}>
      <DndContext
        sensors={sensors}
        onDragStart={(event) => setDrop({ overID: null, zone: null, draggedID: Number(event.active.id) })}
        onDragMove={handleMove}
        onDragEnd={handleEnd}
        onDragCancel={() => setDrop({ overID: null, zone: null, draggedID: null })}
        accessibility={{ screenReaderInstructions: { draggable: t("Use the move buttons to move by keyboard.") } }}
      >
        <CategoryTree tree={tree} action={action} busy={busy} Frame={DragFrame} />
        <DragOverlay>{dragged ? <div className={styles.overlay}>{dragged.category.name}</div> : null}</DragOverlay>
      </DndContext>
    </DropContext.Provider>
  );
}
