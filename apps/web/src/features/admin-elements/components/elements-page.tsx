import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useCatalogue } from '../api/catalogue';
import { AttributesPanel } from './attributes-panel';
import { ElementsPanel } from './elements-panel';

/**
 * /admin/elements — the graphics catalogue (§3, issue 26), administrators only: the elements with
 * their rules (which every drawing is checked against: the hole editor's save, the course import,
 * the mismatches), an attribute filter, their default graphics and their theme values; the
 * attributes with their units.
 */
export function ElementsPage() {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const [tab, setTab] = useState<'elements' | 'attributes'>('elements');
  const shown = useDeferredValue(tab);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('adminElements.intro')}
      </Typography>
      <Tabs value={tab} onChange={(_e, value: 'elements' | 'attributes') => setTab(value)} aria-label={t('adminElements.tabsLabel')}>
        <Tab value="elements" label={t('adminElements.elementsTab')} id="catalogue-tab-elements" aria-controls="catalogue-panel-elements" />
        <Tab value="attributes" label={t('adminElements.attributesTab')} id="catalogue-tab-attributes" aria-controls="catalogue-panel-attributes" />
      </Tabs>
      <Box role="tabpanel" id={`catalogue-panel-${shown}`} aria-labelledby={`catalogue-tab-${shown}`}>
        {shown === 'elements' ? <ElementsPanel catalogue={catalogue} /> : <AttributesPanel catalogue={catalogue} />}
      </Box>
    </Box>
  );
}
