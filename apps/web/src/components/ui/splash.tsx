import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Logo } from './logo';

/**
 * The splash of §1: the logo until the session is bootstrapped, or when there is no club.
 * Texts come from the caller so it can show before translations load.
 */
export function Splash({ busy = true, label, children }: { busy?: boolean; label?: string; children?: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        bgcolor: 'background.default',
        p: 3,
        textAlign: 'center',
      }}
      aria-busy={busy}
      data-testid="splash"
    >
      <Logo size={96} />
      <Typography component="div" variant="h5" sx={{ fontWeight: 600, color: 'primary.dark' }}>
        Golf Console
      </Typography>
      {busy && <CircularProgress size={28} aria-label={label ?? 'Loading'} />}
      {children}
    </Box>
  );
}
