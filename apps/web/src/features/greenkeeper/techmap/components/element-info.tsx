import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import RemoveIcon from '@mui/icons-material/Remove';
import type { Tracking, TrackingGroup } from '@golf/contract/api/greenkeeper';
import { areaTexts } from '../utils/filters';

/** The info box of a clicked element: element type, name, hole, tee, area (m² and ha), its groups; add it to or take it from the active group. */
export function ElementInfo({
  tracking,
  elementLabel,
  holeLabel,
  teeName,
  groups,
  activeGroup,
  busy,
  onToggle,
  onClose,
}: {
  tracking: Tracking;
  elementLabel: string;
  holeLabel: string;
  teeName: string | null;
  groups: readonly TrackingGroup[];
  activeGroup: TrackingGroup | null;
  busy: boolean;
  onToggle: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const area = tracking.area === null ? null : areaTexts(tracking.area, i18n.language);
  const inGroups = groups.filter((g) => tracking.trackingGroupIds.includes(g.id));
  const inActive = activeGroup !== null && tracking.trackingGroupIds.includes(activeGroup.id);
  const rows: [string, ReactNode][] = [
    [t('greenkeeper.techmap.info.element'), elementLabel],
    [t('greenkeeper.techmap.info.name'), tracking.name || t('greenkeeper.techmap.info.noName')],
    [t('greenkeeper.techmap.info.hole'), holeLabel],
    [t('greenkeeper.techmap.info.tee'), teeName ?? t('greenkeeper.techmap.info.noTee')],
    [t('greenkeeper.techmap.info.area'), area ? `${area.m2} (${area.ha})` : t('greenkeeper.techmap.info.noArea')],
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="tech-map-info-title" data-testid="element-info" sx={{ p: 1.5, display: 'grid', gap: 1, minWidth: 0, borderColor: 'primary.main' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h2" id="tech-map-info-title" sx={{ fontSize: '1.05rem', fontWeight: 600, flex: 1, overflowWrap: 'anywhere' }}>
          {tracking.name ? `${elementLabel}: ${tracking.name}` : elementLabel}
          <Typography component="span" variant="body2" color="text.secondary">
            {' '}
            · {holeLabel}
          </Typography>
        </Typography>
        <IconButton size="small" onClick={onClose} aria-label={t('greenkeeper.techmap.info.close')} title={t('greenkeeper.techmap.info.close')}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={`info-${label}`}>
              {value}
            </Typography>
          </Box>
        ))}
        <Typography component="dt" variant="body2" color="text.secondary">
          {t('greenkeeper.techmap.info.groups')}
        </Typography>
        <Box component="dd" sx={{ m: 0, display: 'flex', gap: 0.5, flexWrap: 'wrap' }} data-testid="info-groups">
          {inGroups.length === 0 ? (
            <Typography variant="body2">{t('greenkeeper.techmap.info.noGroups')}</Typography>
          ) : (
            inGroups.map((g) => <Chip key={g.id} size="small" label={g.name} variant="outlined" icon={<Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: g.color, ml: '6px !important' }} />} />)
          )}
        </Box>
      </Box>
      {activeGroup && (
        <Box>
          <Button size="small" variant={inActive ? 'outlined' : 'contained'} startIcon={inActive ? <RemoveIcon /> : <AddIcon />} onClick={onToggle} disabled={busy}>
            {inActive ? t('greenkeeper.techmap.info.removeFrom', { name: activeGroup.name }) : t('greenkeeper.techmap.info.addTo', { name: activeGroup.name })}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
