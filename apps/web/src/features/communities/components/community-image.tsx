import { useState } from 'react';
import Box from '@mui/material/Box';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';

/**
 * A community's image in a square with rounded corners, or a placeholder (a group icon) when it
 * has none or the image does not load. `alt` is empty where the name beside it says what it is.
 */
export function CommunityImage({ src, alt, size }: { src: string | null; alt: string; size: number | { xs: number; sm: number } }) {
  const [broken, setBroken] = useState<string | null>(null);
  const frame = { width: size, height: size, borderRadius: 2, flexShrink: 0, border: 1, borderColor: 'divider' } as const;
  if (!src || broken === src) {
    return (
      <Box role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true} sx={{ ...frame, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', color: 'text.secondary' }}>
        <GroupsIcon sx={{ fontSize: typeof size === 'number' ? size * 0.5 : { xs: size.xs * 0.5, sm: size.sm * 0.5 } }} />
      </Box>
    );
  }
  return <Box component="img" src={src} alt={alt} onError={() => setBroken(src)} sx={{ ...frame, objectFit: 'cover', display: 'block' }} />;
}
