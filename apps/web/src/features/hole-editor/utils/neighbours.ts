/** The ids of the holes before and after `holeId` in the course's order (those that exist). */
export function neighbourHoleIds(holes: readonly { id: number }[], holeId: number): number[] {
  const index = holes.findIndex((h) => h.id === holeId);
  if (index < 0) return [];
  return [holes[index - 1], holes[index + 1]].filter((h): h is { id: number } => !!h).map((h) => h.id);
}
