import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import type { HelpKey } from '@golf/contract/menu';
import { helpLink } from '../../config/help-links';

/** The page title derived from the path, with its help article when there is one. */
export function PageHeader({ title, help }: { title: string; help?: HelpKey }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3 }}>
      <Typography variant="h1" sx={{ overflowWrap: 'anywhere', fontSize: { xs: '1.5rem', sm: '1.75rem' } }}>
        {title}
      </Typography>
      {help && (
        <IconButton
          component="a"
          href={helpLink(help)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('shell.helpFor', { name: title })}
          title={t('shell.helpFor', { name: title })}
          size="small"
        >
          <HelpOutlineIcon />
        </IconButton>
      )}
    </Box>
  );
}
