/** A cell of the spreadsheet-like table. */
export interface Cell {
  row: number;
  col: number;
}

export interface GridKey {
  key: string;
  shiftKey: boolean;
  /** The caret is at the start of the input (and nothing is selected past it). */
  atStart: boolean;
  /** The caret is at the end of the input. */
  atEnd: boolean;
}

/**
 * Where a key press moves in a rows × cols grid, like a spreadsheet: Up/Down always; Left/Right
 * when the caret is at the start/end of the text; Enter down (Shift+Enter up); Tab/Shift+Tab
 * across, wrapping to the next/previous row. Null when the key stays in the cell (or leaves the
 * grid: Tab past the last cell goes on to the next control).
 */
export function nextCell(from: Cell, key: GridKey, rows: number, cols: number): Cell | null {
  const clamp = (cell: Cell) => (cell.row < 0 || cell.row >= rows || cell.col < 0 || cell.col >= cols ? null : cell);
  switch (key.key) {
    case 'ArrowUp':
      return clamp({ row: from.row - 1, col: from.col });
    case 'ArrowDown':
      return clamp({ row: from.row + 1, col: from.col });
    case 'ArrowLeft':
      return key.atStart ? clamp({ row: from.row, col: from.col - 1 }) : null;
    case 'ArrowRight':
      return key.atEnd ? clamp({ row: from.row, col: from.col + 1 }) : null;
    case 'Enter':
      return clamp({ row: from.row + (key.shiftKey ? -1 : 1), col: from.col });
    case 'Tab': {
      const index = from.row * cols + from.col + (key.shiftKey ? -1 : 1);
      if (index < 0 || index >= rows * cols) return null;
      return { row: Math.floor(index / cols), col: index % cols };
    }
    default:
      return null;
  }
}
