import Box from '@mui/material/Box';
import type { LogoShape } from '@golf/contract/api/clubs';

/** The initials of a club name, for a club without a logo. */
function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/**
 * A club logo as the golfers' app shows it: round logos in a circle, rectangular ones whole in
 * a rounded box; the club's initials when there is no logo.
 */
export function ClubLogo({
  src,
  shape,
  name,
  size = 96,
  alt,
}: {
  src: string | null;
  shape: LogoShape | null;
  name: string;
  size?: number;
  alt: string;
}) {
  const round = shape !== 'rectangular';
  const width = round ? size : Math.round(size * 2);
  const frame = {
    width,
    height: size,
    flexShrink: 0,
    borderRadius: round ? '50%' : 1.5,
    overflow: 'hidden',
    bgcolor: src ? '#fff' : 'primary.light',
    border: '1px solid',
    borderColor: 'divider',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  } as const;
  if (!src) {
    return (
      <Box sx={{ ...frame, width: size, borderRadius: '50%', color: '#fff', fontWeight: 700, fontSize: size / 2.6 }} role="img" aria-label={alt}>
        {initials(name)}
      </Box>
    );
  }
  return (
    <Box sx={frame}>
      <Box
        component="img"
        src={src}
        alt={alt}
        sx={{ width: '100%', height: '100%', objectFit: round ? 'cover' : 'contain', display: 'block' }}
      />
    </Box>
  );
}
