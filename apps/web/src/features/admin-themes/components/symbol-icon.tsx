import Box from '@mui/material/Box';
import { unitSymbolPath, type PrintSymbolId } from '@golf/contract/print/symbols';

/**
 * A print symbol (print/symbols.ts) drawn small, in the element's colours, as the guides print it:
 * the unit outline the renderer scales to the element's radius.
 */
export function SymbolIcon({ id, fill, stroke, size = 20 }: { id: PrintSymbolId; fill?: string; stroke?: string; size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="-1.2 -1.2 2.4 2.4"
      aria-hidden="true"
      focusable="false"
      data-symbol={id}
      sx={{ width: size, height: size, flex: 'none', display: 'block' }}
    >
      <path d={unitSymbolPath(id)} fill={fill ?? 'none'} stroke={stroke ?? (fill ? 'none' : 'currentColor')} strokeWidth={0.12} strokeLinejoin="round" />
    </Box>
  );
}
