import type { RefObject } from 'react';
import Box from '@mui/material/Box';
import type { Tool } from '../map/editor-controller';
import { mapCursor } from '../utils/editor-state';

/**
 * The editing map's element, shared by the hole editor and the course-wide mapping: focusable, so
 * with the focus on it the arrow keys pan and + / − zoom (OpenLayers' keyboard interactions).
 */
export function EditorMap({ mapRef, label, hintId, tool }: { mapRef: RefObject<HTMLDivElement | null>; label: string; hintId: string; tool: Tool }) {
  return (
    <Box
      ref={mapRef}
      data-testid="hole-map"
      role="application"
      tabIndex={0}
      aria-label={label}
      aria-describedby={hintId}
      sx={{
        // In the narrow column layout a growing item gets no definite height, and the map's
        // viewport (height 100%) would collapse to nothing: there the map keeps its own height.
        flex: { xs: 'none', md: 1 },
        minWidth: 0,
        height: { xs: '60vh', md: 'calc(100vh - 290px)' },
        minHeight: 420,
        borderRadius: 1,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        bgcolor: '#dfe8d8',
        cursor: mapCursor(tool),
      }}
    />
  );
}
