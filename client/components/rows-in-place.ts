/**
 * Lists that change while the player is looking (the live world, docs/design.md section 9.11) keep their rows in
 * place under a pending tap, so a finger never lands on another row's button (docs/decisions/021, Consequences).
 */
import { useState, type PointerEventHandler } from 'react';

export interface RowInPlace<Row> {
  row: Row;
  /** No longer in the list: kept where it was until the hold ends. */
  gone: boolean;
}

/**
 * `rows` as they are, or while `holding` in the order they had when the hold began: each with its newest content,
 * a row gone since left in its place and marked, new rows after them all.
 */
export function useRowsInPlace<Row>(rows: readonly Row[], keyOf: (row: Row) => string, holding: boolean): RowInPlace<Row>[] {
  const [order, setOrder] = useState<readonly Row[] | null>(null);
  // React's state-from-render pattern: the order is taken in the render the hold begins, before anything moves.
  if (holding && order === null) setOrder(rows);
  if (!holding && order !== null) setOrder(null);
  if (!holding || order === null) return rows.map((row) => ({ row, gone: false }));
  const current = new Map(rows.map((row) => [keyOf(row), row]));
  const held = new Set(order.map(keyOf));
  return [
    ...order.map((row) => ({ row: current.get(keyOf(row)) ?? row, gone: !current.has(keyOf(row)) })),
    ...rows.filter((row) => !held.has(keyOf(row))).map((row) => ({ row, gone: false })),
  ];
}

/** Whether a pointer is pressed on the element given `handlers`: a tap under way. */
export function usePressed(): { pressed: boolean; handlers: Record<'onPointerDown' | 'onPointerUp' | 'onPointerCancel' | 'onPointerLeave', PointerEventHandler> } {
  const [pressed, setPressed] = useState(false);
  // After the click that follows the release, so the tapped row is still where it was when the click lands.
  const release = () => setTimeout(() => setPressed(false), 0);
  return { pressed, handlers: { onPointerDown: () => setPressed(true), onPointerUp: release, onPointerCancel: release, onPointerLeave: release } };
}
