/** The buttons under a step of the members import. */
import { type ReactNode } from 'react';
import Box from '@mui/material/Box';

export function StepActions({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap', mt: 3 }}>{children}</Box>;
}
