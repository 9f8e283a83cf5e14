import { useState } from 'react';
import Box from '@mui/material/Box';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';

/**
 * A sponsor's logo whole (logos are wide, tall or square) in a white box with a thin border,
 * or a muted picture sign when there is none or it cannot be shown (a picked file that is no
 * image); `noLogoLabel` names that sign for screen readers.
 */
export function SponsorLogo({
  src,
  alt,
  noLogoLabel,
  brokenLabel = noLogoLabel,
  width = 88,
  height = 56,
  compact = false,
}: {
  src: string | null;
  alt: string;
  noLogoLabel: string;
  /** Names the sign when `src` could not be loaded. */
  brokenLabel?: string;
  width?: number;
  height?: number;
  /** Two thirds of the size on a narrow screen (a list row). */
  compact?: boolean;
}) {
  // The source that failed to load; a new source is tried again.
  const [broken, setBroken] = useState<string | null>(null);
  const small = (n: number) => (compact ? { xs: Math.round((n * 2) / 3), sm: n } : n);
  return (
    <Box
      sx={{
        width: small(width),
        height: small(height),
        flexShrink: 0,
        display: 'grid',
        placeItems: 'center',
        bgcolor: '#fff',
        border: '1px solid',
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      {src && src !== broken ? (
        <Box component="img" src={src} alt={alt} loading="lazy" onError={() => setBroken(src)} sx={{ display: 'block', maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', p: 0.5, boxSizing: 'border-box' }} />
      ) : (
        <ImageOutlinedIcon titleAccess={src ? brokenLabel : noLogoLabel} sx={{ color: 'text.disabled', fontSize: Math.round(height / 2.5) }} />
      )}
    </Box>
  );
}
