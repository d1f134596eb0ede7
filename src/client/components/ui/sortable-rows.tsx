import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import type { CSSProperties, Key, ReactNode } from "react";
import { cn } from "@client/lib/cn";
import { IconButton } from "./icon-action";

/**
 * A table's rows in an order the admin sets (merchandise, videos): drag a row by its handle with
 * a mouse or finger, or with the keyboard (focus the handle, Space to lift, arrows to move, Space
 * to drop, Escape to cancel), or press Move up / Move down. `ids` is the whole list's order (the
 * table may show one page of it); `onReorder` gets the new whole order.
 */
export interface Reorder<T> {
  ids: Key[];
  onReorder: (ids: Key[]) => void;
  /** how a row is named to a screen reader and on its buttons, e.g. the item's name */
  label: (row: T) => string;
  /** while sorted or searched the order cannot be set: the handles are off, and this says why */
  disabledReason?: string;
  busy?: boolean;
}

export function moveId(ids: Key[], id: Key, by: -1 | 1): Key[] {
  const from = ids.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  return arrayMove(ids, from, to);
}

/**
 * dnd-kit's live region and instructions go to <body>: rendered in place they would sit inside
 * the <ul> or <tbody>, where only rows may be (axe: list).
 */
const liveRegionHost = () => (typeof document === "undefined" ? undefined : document.body);

/** Drag-and-drop for the rows inside; announcements name the rows by `label`. */
export function SortableRows<T>({ reorder, rows, rowKey, children }: { reorder: Reorder<T>; rows: T[]; rowKey: (row: T) => Key; children: ReactNode }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const nameOf = (id: Key) => {
    const row = rows.find((r) => rowKey(r) === id);
    return row ? reorder.label(row) : "the item";
  };
  const position = (id: Key) => reorder.ids.indexOf(id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${position(active.id)} of ${reorder.ids.length}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is now at position ${position(over.id)} of ${reorder.ids.length}.` : `${nameOf(active.id)} is no longer over the list.`),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} was dropped at position ${position(over.id)} of ${reorder.ids.length}.` : `${nameOf(active.id)} was dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = reorder.ids.indexOf(active.id);
    const to = reorder.ids.indexOf(over.id);
    if (from >= 0 && to >= 0) reorder.onReorder(arrayMove(reorder.ids, from, to));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, container: liveRegionHost() }}>
      <SortableContext items={rows.map(rowKey) as (string | number)[]} strategy={verticalListSortingStrategy} disabled={Boolean(reorder.disabledReason) || reorder.busy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** What a sortable row needs: its node ref, its moving style, and its handle with the move buttons. */
export function useSortableRow<T>(reorder: Reorder<T> | undefined, row: T, id: Key) {
  const sortable = useSortable({ id: id as string | number, disabled: !reorder || Boolean(reorder.disabledReason) || reorder.busy });
  if (!reorder) return null;
  const style: CSSProperties = { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition, position: "relative", zIndex: sortable.isDragging ? 10 : undefined };
  const label = reorder.label(row);
  const index = reorder.ids.indexOf(id);
  const off = Boolean(reorder.disabledReason) || reorder.busy;
  const handle = (
    <div className="flex items-center gap-0.5">
      <button
        type="button"
        ref={sortable.setActivatorNodeRef}
        {...sortable.attributes}
        {...sortable.listeners}
        aria-label={`Reorder ${label}`}
        aria-disabled={off || undefined}
        title={reorder.disabledReason ?? "Drag to reorder (or Space, then arrow keys)"}
        className={cn(
          "inline-flex size-9 touch-none items-center justify-center rounded text-dust hover:text-bone focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blood",
          off ? "cursor-not-allowed opacity-40" : "cursor-grab active:cursor-grabbing",
        )}
      >
        <GripVertical className="size-4" aria-hidden />
      </button>
      <IconButton label="Move up" aria-label={`Move ${label} up`} disabled={off || index <= 0} onClick={() => reorder.onReorder(moveId(reorder.ids, id, -1))}>
        <ArrowUp />
      </IconButton>
      <IconButton label="Move down" aria-label={`Move ${label} down`} disabled={off || index < 0 || index >= reorder.ids.length - 1} onClick={() => reorder.onReorder(moveId(reorder.ids, id, 1))}>
        <ArrowDown />
      </IconButton>
    </div>
  );
  return { ref: sortable.setNodeRef, style, handle, dragging: sortable.isDragging };
}
