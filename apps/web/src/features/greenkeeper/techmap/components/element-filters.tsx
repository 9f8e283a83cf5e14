import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CenterIcon from '@mui/icons-material/CenterFocusStrong';
import RemoveIcon from '@mui/icons-material/Remove';
import type { Tracking, TrackingGroup } from '@golf/contract/api/greenkeeper';
import { areaTexts, type TrackingFilters } from '../utils/filters';

/** The filters of §5 (element types, names, descriptions; they intersect) with what they found and what can be done with it. */
export function ElementFilters({
  filters,
  onChange,
  elementNames,
  elementLabel,
  found,
  active,
  activeGroup,
  busy,
  onShowMatches,
  onAddAll,
  onRemoveAll,
}: {
  filters: TrackingFilters;
  onChange: (next: TrackingFilters) => void;
  elementNames: readonly string[];
  elementLabel: (name: string) => string;
  found: number;
  /** Whether any filter is set. */
  active: boolean;
  activeGroup: TrackingGroup | null;
  busy: boolean;
  onShowMatches: () => void;
  onAddAll: () => void;
  onRemoveAll: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="tech-map-filters-title" sx={{ p: 1.5, display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography variant="h2" id="tech-map-filters-title" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
        {t('greenkeeper.techmap.filters.title')}
      </Typography>
      <Autocomplete
        multiple
        size="small"
        options={elementNames as string[]}
        value={filters.elements as string[]}
        onChange={(_e, value) => onChange({ ...filters, elements: value })}
        getOptionLabel={elementLabel}
        filterSelectedOptions
        renderInput={(params) => <TextField {...params} label={t('greenkeeper.techmap.filters.elements')} placeholder={filters.elements.length === 0 ? t('greenkeeper.techmap.filters.allElements') : undefined} />}
      />
      <TextField
        size="small"
        type="search"
        label={t('greenkeeper.techmap.filters.name')}
        value={filters.name}
        onChange={(e) => onChange({ ...filters, name: e.target.value })}
        helperText={t('greenkeeper.techmap.filters.nameHint')}
      />
      <TextField
        size="small"
        type="search"
        label={t('greenkeeper.techmap.filters.description')}
        value={filters.description}
        onChange={(e) => onChange({ ...filters, description: e.target.value })}
        helperText={t('greenkeeper.techmap.filters.descriptionHint')}
      />
      <Typography variant="body2" role="status" data-testid="filter-count">
        {active ? t('greenkeeper.techmap.filters.found', { count: found }) : t('greenkeeper.techmap.filters.none')}
      </Typography>
      {active && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button size="small" startIcon={<CenterIcon />} onClick={onShowMatches} disabled={found === 0}>
            {t('greenkeeper.techmap.filters.show')}
          </Button>
          <Button size="small" onClick={() => onChange({ elements: [], name: '', description: '' })}>
            {t('greenkeeper.techmap.filters.clear')}
          </Button>
          {activeGroup && (
            <>
              <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={onAddAll} disabled={busy || found === 0}>
                {t('greenkeeper.techmap.filters.addAll', { name: activeGroup.name })}
              </Button>
              <Button size="small" variant="outlined" startIcon={<RemoveIcon />} onClick={onRemoveAll} disabled={busy || found === 0}>
                {t('greenkeeper.techmap.filters.removeAll', { name: activeGroup.name })}
              </Button>
            </>
          )}
        </Box>
      )}
    </Paper>
  );
}

const PAGE = 25;

/**
 * The elements (all of them, or what the filters found) as a list: the keyboard's way to what a
 * click on the map does. A row opens the element's info box and shows it on the map; its
 * checkbox puts it in the active group or takes it out.
 */
export function ElementList({
  items,
  selectedId,
  activeGroup,
  busy,
  elementLabel,
  holeLabel,
  onSelect,
  onToggle,
}: {
  items: readonly Tracking[];
  selectedId: string | null;
  activeGroup: TrackingGroup | null;
  busy: boolean;
  elementLabel: (name: string) => string;
  holeLabel: (holeId: number) => string;
  onSelect: (id: string) => void;
  onToggle: (tracking: Tracking) => void;
}) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState(PAGE);
  const visible = items.slice(0, shown);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="tech-map-list-title" sx={{ p: 1.5, display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography variant="h2" id="tech-map-list-title" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
        {t('greenkeeper.techmap.list.title', { count: items.length })}
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('greenkeeper.techmap.list.empty')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t('greenkeeper.techmap.list.label')} sx={{ maxHeight: { md: 360 }, overflowY: { md: 'auto' } }}>
          {visible.map((item) => {
            const label = item.name ? `${elementLabel(item.elementName)}: ${item.name}` : elementLabel(item.elementName);
            const hole = holeLabel(item.holeId);
            const inGroup = activeGroup !== null && item.trackingGroupIds.includes(activeGroup.id);
            return (
              <ListItem
                key={item.id}
                disablePadding
                data-testid="element-row"
                secondaryAction={
                  activeGroup ? (
                    <Checkbox
                      edge="end"
                      size="small"
                      checked={inGroup}
                      disabled={busy}
                      onChange={() => onToggle(item)}
                      slotProps={{ input: { 'aria-label': t('greenkeeper.techmap.list.inGroup', { element: label, hole, name: activeGroup.name }) } }}
                    />
                  ) : undefined
                }
              >
                <ListItemButton selected={item.id === selectedId} onClick={() => onSelect(item.id)}>
                  <ListItemText
                    primary={label}
                    secondary={[hole, item.area !== null ? areaTexts(item.area, i18n.language).m2 : null].filter(Boolean).join(' · ')}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
      {items.length > shown && (
        <Button size="small" onClick={() => setShown((n) => n + PAGE)} sx={{ justifySelf: 'start' }}>
          {t('greenkeeper.techmap.list.more', { count: Math.min(PAGE, items.length - shown), total: items.length - shown })}
        </Button>
      )}
    </Paper>
  );
}
