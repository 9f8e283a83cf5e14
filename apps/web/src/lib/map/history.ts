/**
 * An undo/redo history of immutable snapshots. Each entry has an id, so "unsaved changes" is a
 * comparison with the id of the entry that was last saved (undoing back to it is clean again).
 */
export interface History<T> {
  readonly entries: readonly { id: number; value: T }[];
  /** Index of the current entry. */
  readonly index: number;
  readonly limit: number;
}

let nextId = 1;

/** A history holding only `value`; `limit` caps the number of entries kept (oldest dropped). */
export function createHistory<T>(value: T, limit = 100): History<T> {
  return { entries: [{ id: nextId++, value }], index: 0, limit: Math.max(2, limit) };
}

/** The current snapshot. */
export function current<T>(history: History<T>): T {
  return history.entries[history.index].value;
}

/** The id of the current entry. */
export function currentId<T>(history: History<T>): number {
  return history.entries[history.index].id;
}

/** Adds a snapshot after the current one; whatever could be redone is dropped. */
export function push<T>(history: History<T>, value: T): History<T> {
  const entries = [...history.entries.slice(0, history.index + 1), { id: nextId++, value }];
  const overflow = Math.max(0, entries.length - history.limit);
  const kept = entries.slice(overflow);
  return { ...history, entries: kept, index: kept.length - 1 };
}

export const canUndo = <T>(history: History<T>): boolean => history.index > 0;
export const canRedo = <T>(history: History<T>): boolean => history.index < history.entries.length - 1;

/** One step back (unchanged when there is nothing to undo). */
export function undo<T>(history: History<T>): History<T> {
  return canUndo(history) ? { ...history, index: history.index - 1 } : history;
}

/** One step forward (unchanged when there is nothing to redo). */
export function redo<T>(history: History<T>): History<T> {
  return canRedo(history) ? { ...history, index: history.index + 1 } : history;
}
