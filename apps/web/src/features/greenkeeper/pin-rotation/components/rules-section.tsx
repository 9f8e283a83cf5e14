import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_PIN_ROTATION, type PinRotationSettings } from '@golf/contract/api/greenkeeper';
import { errorText } from '../../../../lib/error-text';
import { useSnackbar } from '../../../../lib/snackbar/snackbar-context';
import { useSaveRotationSettings } from '../api/pin-rotation';
import { decimalSignOf, RULE_FIELDS, ruleValues, settingsOf, type RuleField } from '../utils/rules';

/** The club's rotation rules (edge distance, blocked radius, reuse days) with their defaults; saved for every course of the club. */
export function RulesSection({ clubId, settings }: { clubId: number; settings: PinRotationSettings }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const save = useSaveRotationSettings(clubId);
  const sign = decimalSignOf(i18n.language);
  const initial = ruleValues(settings, sign);
  const [values, setValues] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  const parsed = settingsOf(values);
  const dirty = RULE_FIELDS.some((f) => values[f.name] !== initial[f.name]);
  const isDefault = RULE_FIELDS.every((f) => parsed.settings?.[f.name] === DEFAULT_PIN_ROTATION[f.name]);
  const number = (n: number) => n.toLocaleString(i18n.language);

  const submit = async () => {
    setShowErrors(true);
    if (!parsed.settings) return;
    try {
      const result = await save.mutateAsync(parsed.settings);
      setValues(ruleValues(result, sign));
      setShowErrors(false);
      snackbar.confirm(t('greenkeeper.pins.rulesSaved'));
    } catch (error) {
      snackbar.error(t('greenkeeper.pins.rulesSaveFailed'), errorText(error, t));
    }
  };

  const fieldError = (name: RuleField) => (showErrors || values[name] !== initial[name] ? parsed.errors[name] : undefined);

  return (
    <Card component="section" aria-labelledby="rules-title">
      <CardContent
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}
      >
        <Typography variant="h2" id="rules-title">
          {t('greenkeeper.pins.rules')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('greenkeeper.pins.rulesHelp')}
        </Typography>
        {RULE_FIELDS.map((field) => {
          const error = fieldError(field.name);
          return (
            <TextField
              key={field.name}
              size="small"
              label={t(`greenkeeper.pins.ruleNames.${field.name}`)}
              value={values[field.name]}
              onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
              error={!!error}
              helperText={
                error
                  ? t(error, { min: number(field.min), max: number(field.max) })
                  : t(`greenkeeper.pins.ruleHelp.${field.name}`, { value: number(DEFAULT_PIN_ROTATION[field.name]) })
              }
              slotProps={{
                htmlInput: { inputMode: field.integer ? 'numeric' : 'decimal' },
                input: { endAdornment: <InputAdornment position="end">{t(field.integer ? 'greenkeeper.pins.unitDays' : 'greenkeeper.pins.unitMetres')}</InputAdornment> },
              }}
            />
          );
        })}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button onClick={() => setValues(ruleValues(DEFAULT_PIN_ROTATION, sign))} disabled={isDefault || save.isPending}>
            {t('greenkeeper.pins.useDefaults')}
          </Button>
          <Button type="submit" variant="contained" disabled={!dirty || save.isPending}>
            {save.isPending ? t('common.saving') : t('greenkeeper.pins.saveRules')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
