import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { drawingProblemText, type ProblemLike } from '../../../lib/drawing-problems';

/** The problems the server found in a drawing, as a list in the reader's language. */
export function DrawingProblemList({ problems }: { problems: readonly ProblemLike[] }) {
  const { t } = useTranslation();
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {problems.map((p, i) => (
        <li key={i}>{drawingProblemText(t, p)}</li>
      ))}
    </Box>
  );
}
