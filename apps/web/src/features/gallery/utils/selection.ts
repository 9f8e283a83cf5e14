/** The images picked for deletion (§4): a list toggled per image and cancelled to empty. */
export type Selection = readonly number[];

export const EMPTY_SELECTION: Selection = [];

export function toggleSelected(selection: Selection, id: number): Selection {
  return selection.includes(id) ? selection.filter((s) => s !== id) : [...selection, id];
}

/** Only ids still in the gallery count (an image may have gone meanwhile). */
export function liveSelection(selection: Selection, imageIds: readonly number[]): Selection {
  const present = new Set(imageIds);
  return selection.filter((id) => present.has(id));
}

/** Every image selected, or none when all already are. */
export function toggleAll(selection: Selection, imageIds: readonly number[]): Selection {
  return imageIds.length > 0 && imageIds.every((id) => selection.includes(id)) ? EMPTY_SELECTION : [...imageIds];
}
