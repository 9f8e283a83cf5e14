import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AutoFixHighOutlinedIcon from '@mui/icons-material/AutoFixHighOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import { MAX_PIN_METRES } from '@golf/contract/api/pins';
import type { PinRotation, PinSuggestion, RotationGreen } from '@golf/contract/api/greenkeeper';
import { checkPin, pinZone } from '@golf/contract/geo/pin-rotation';
import { paths } from '../../../../config/paths';
import { errorText } from '../../../../lib/error-text';
import { useSnackbar } from '../../../../lib/snackbar/snackbar-context';
import { tenthsOfMetres } from '../../../../lib/map/format';
import { useSaveRotationSetup, useSuggestPins, type SavedSetup } from '../api/pin-rotation';
import { GreenMap } from './green-map';
import { formatDay, historyOn, isDate, pinsToSave, rowPin, rowProblem, type PinRow } from '../utils/rotation';

const NAME_MAX = 100;

/** The live check of one green's typed pin: the contract's checkPin and pinZone, or null when it cannot be checked. */
export function liveCheck(green: RotationGreen, row: PinRow | undefined, rotation: PinRotation, date: string) {
  const pin = rowPin(row);
  if (!pin || !green.green || !green.frame) return null;
  const input = { green: green.green, frame: green.frame, ...pin, history: historyOn(green.history, date), settings: rotation.settings };
  return { ...checkPin(input), zone: pinZone(green.frame, green.green, pin.outMeters, pin.sideMeters) };
}

/**
 * The next setup: a date (tomorrow by default), "Suggest pins" (POST suggestion), the suggestion
 * as an editable table with the rules checked live per green, and saving it as a normal pin
 * setup, optionally recorded as played on that date, with links to the setup and its pin sheet.
 */
export function NextSetupSection({
  clubId,
  courseId,
  rotation,
  date,
  onDate,
  rows,
  onRows,
}: {
  clubId: number;
  courseId: number;
  rotation: PinRotation;
  date: string;
  onDate: (date: string) => void;
  rows: Record<number, PinRow> | null;
  onRows: (rows: Record<number, PinRow> | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const suggest = useSuggestPins(clubId, courseId);
  const saveSetup = useSaveRotationSetup(clubId, courseId);
  const [suggestion, setSuggestion] = useState<PinSuggestion | null>(null);
  const [name, setName] = useState('');
  const [nameEdited, setNameEdited] = useState(false);
  const [markPlayed, setMarkPlayed] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [saved, setSaved] = useState<SavedSetup | null>(null);
  const dateValid = isDate(date);
  const defaultName = dateValid ? t('greenkeeper.pins.defaultName', { date: formatDay(date, i18n.language) }) : '';
  const shownName = nameEdited ? name : defaultName;
  const greens = [...rotation.greens].sort((a, b) => a.order - b.order);

  const runSuggest = async () => {
    if (!dateValid) return;
    try {
      const answer = await suggest.mutateAsync(date);
      setSuggestion(answer);
      setSaved(null);
      setShowErrors(false);
      const byHole = new Map(answer.pins.map((p) => [p.holeId, p]));
      onRows(Object.fromEntries(greens.map((g) => {
        const pin = byHole.get(g.holeId);
        return [g.holeId, pin ? { in: String(pin.outMeters), side: String(pin.sideMeters) } : { in: '', side: '' }];
      })));
      snackbar.confirm(t('greenkeeper.pins.suggested', { count: answer.pins.length }));
    } catch (error) {
      snackbar.error(t('greenkeeper.pins.suggestFailed'), errorText(error, t));
    }
  };

  const set = (holeId: number, field: keyof PinRow, value: string) => {
    if (!rows) return;
    onRows({ ...rows, [holeId]: { ...(rows[holeId] ?? { in: '', side: '' }), [field]: value } });
    setSaved(null);
  };

  const typedProblems = rows ? greens.filter((g) => rowProblem(rows[g.holeId] ?? { in: '', side: '' })) : [];
  const checks = new Map(greens.map((g) => [g.holeId, rows ? liveCheck(g, rows[g.holeId], rotation, date) : null]));
  const breaking = [...checks.values()].filter((c) => c && c.problems.length > 0).length;
  const pins = rows ? pinsToSave(greens, rows) : [];
  const nameProblem = !shownName.trim() ? 'greenkeeper.pins.errors.nameRequired' : shownName.trim().length > NAME_MAX ? 'greenkeeper.pins.errors.nameTooLong' : null;

  const save = async () => {
    setShowErrors(true);
    if (!rows || !dateValid || typedProblems.length > 0 || nameProblem || pins.length === 0) return;
    try {
      const result = await saveSetup.mutateAsync({ date, name: shownName.trim(), pins, markPlayed });
      setSaved(result);
      snackbar.confirm(markPlayed ? t('greenkeeper.pins.savedPlayed', { name: result.name, date: formatDay(date, i18n.language) }) : t('greenkeeper.pins.saved', { name: result.name }));
    } catch (error) {
      snackbar.error(t('greenkeeper.pins.saveFailed'), errorText(error, t));
    }
  };

  const problemOf = (holeId: number) => suggestion?.problems.find((p) => p.holeId === holeId)?.code;

  return (
    <Card component="section" aria-labelledby="next-setup-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Typography variant="h2" id="next-setup-title">
          {t('greenkeeper.pins.nextSetup')}
        </Typography>
        <Typography variant="body2" color="text.secondary" id="next-setup-help">
          {t('greenkeeper.pins.nextSetupHelp', {
            edge: rotation.settings.edgeDistance.toLocaleString(i18n.language),
            radius: rotation.settings.blockedRadius.toLocaleString(i18n.language),
            days: rotation.settings.reuseDays,
          })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField
            type="date"
            label={t('greenkeeper.pins.setupDate')}
            value={date}
            onChange={(e) => {
              onDate(e.target.value);
              setSaved(null);
            }}
            error={!dateValid}
            helperText={dateValid ? formatDay(date, i18n.language, 'long') : t('greenkeeper.pins.errors.date')}
            size="small"
            sx={{ width: { xs: '100%', sm: 220 } }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button variant="contained" startIcon={<AutoFixHighOutlinedIcon />} onClick={() => void runSuggest()} disabled={!dateValid || suggest.isPending} sx={{ mt: { sm: 0.25 } }}>
            {suggest.isPending ? t('greenkeeper.pins.suggesting') : t('greenkeeper.pins.suggest')}
          </Button>
        </Box>
        {suggest.isError && !rows && (
          <Alert severity="error" action={<Button color="inherit" onClick={() => void runSuggest()}>{t('common.retry')}</Button>}>
            {errorText(suggest.error, t)}
          </Alert>
        )}
        {rows && (
          <>
            {suggestion && suggestion.problems.length > 0 && (
              <Alert severity="warning">
                {t('greenkeeper.pins.noSuggestionFor')}
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {suggestion.problems.map((p) => (
                    <li key={p.holeId}>
                      {t('greenkeeper.pins.holeN', { number: greens.find((g) => g.holeId === p.holeId)?.order ?? '?' })}: {t(`greenkeeper.pins.suggestionProblems.${p.code}`)}
                    </li>
                  ))}
                </Box>
              </Alert>
            )}
            <TableContainer component={Paper} variant="outlined" sx={{ minWidth: 0 }}>
              <Table size="small" aria-label={t('greenkeeper.pins.tableLabel', { date: formatDay(date, i18n.language) })} aria-describedby="pins-table-help" sx={{ '& td, & th': { px: { xs: 0.75, sm: 1.5 } } }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('greenkeeper.pins.hole')}</TableCell>
                    <TableCell>{t('greenkeeper.pins.in')}</TableCell>
                    <TableCell>{t('greenkeeper.pins.side')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('greenkeeper.pins.green')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('greenkeeper.pins.zone')}</TableCell>
                    <TableCell>{t('greenkeeper.pins.check')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {greens.map((green) => {
                    const row = rows[green.holeId] ?? { in: '', side: '' };
                    const typed = rowProblem(row);
                    const shown = typed && (showErrors || row.in !== '' || row.side !== '') ? typed : null;
                    const check = checks.get(green.holeId) ?? null;
                    const reason = problemOf(green.holeId);
                    return (
                      <TableRow key={green.holeId}>
                        <TableCell sx={{ fontWeight: 600 }}>{green.order}</TableCell>
                        {(['in', 'side'] as const).map((field) => (
                          <TableCell key={field} sx={{ verticalAlign: 'top' }}>
                            <TextField
                              size="small"
                              value={row[field]}
                              onChange={(e) => set(green.holeId, field, e.target.value)}
                              error={shown?.field === field}
                              helperText={shown?.field === field ? t(shown.key, { max: MAX_PIN_METRES }) : undefined}
                              sx={{ width: { xs: 58, sm: 96 } }}
                              slotProps={{
                                htmlInput: {
                                  inputMode: field === 'side' ? 'text' : 'numeric',
                                  'aria-label': t(field === 'in' ? 'greenkeeper.pins.inOf' : 'greenkeeper.pins.sideOf', { number: green.order }),
                                },
                              }}
                            />
                          </TableCell>
                        ))}
                        <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, py: 0.5 }}>
                          {green.green && (
                            <Box sx={{ width: 64, height: 64 }}>
                              <GreenMap green={green} settings={rotation.settings} planDate={date} planned={rowPin(row)} span={rotation.settings.reuseDays} compact />
                            </Box>
                          )}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}>{check ? t(`greenkeeper.pins.zones.${check.zone}`) : '–'}</TableCell>
                        <TableCell>
                          <CheckCell check={check} reason={reason} hasPin={rowPin(row) !== null} canCheck={!!green.green && !!green.frame} />
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
            <Typography variant="caption" color="text.secondary" id="pins-table-help">
              {t('greenkeeper.pins.tableHelp')}
            </Typography>
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 360px) auto' }, alignItems: 'start' }}>
              <TextField
                label={t('greenkeeper.pins.setupName')}
                value={shownName}
                onChange={(e) => {
                  setName(e.target.value);
                  setNameEdited(true);
                  setSaved(null);
                }}
                error={showErrors && !!nameProblem}
                helperText={showErrors && nameProblem ? t(nameProblem, { max: NAME_MAX }) : t('greenkeeper.pins.setupNameHint')}
                size="small"
                slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
              />
              <FormControlLabel
                control={<Checkbox checked={markPlayed} onChange={(e) => setMarkPlayed(e.target.checked)} />}
                label={dateValid ? t('greenkeeper.pins.markPlayed', { date: formatDay(date, i18n.language) }) : t('greenkeeper.pins.markPlayedNoDate')}
              />
            </Box>
            <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ mr: 'auto' }} color={showErrors && (typedProblems.length > 0 || pins.length === 0) ? 'error' : breaking > 0 ? 'warning.dark' : 'text.secondary'} aria-live="polite">
                {showErrors && typedProblems.length > 0
                  ? t('greenkeeper.pins.fixErrors')
                  : showErrors && pins.length === 0
                    ? t('greenkeeper.pins.noPins')
                    : breaking > 0
                      ? t('greenkeeper.pins.breaking', { count: breaking })
                      : t('greenkeeper.pins.pinsCount', { count: pins.length })}
              </Typography>
              <Button onClick={() => onRows(null)} disabled={saveSetup.isPending}>
                {t('greenkeeper.pins.discard')}
              </Button>
              <Button variant="contained" onClick={() => void save()} disabled={saveSetup.isPending || !dateValid}>
                {saveSetup.isPending ? t('common.saving') : t('greenkeeper.pins.saveSetup')}
              </Button>
            </Box>
          </>
        )}
        {saved && (
          <Alert severity="success" role="status">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('greenkeeper.pins.savedAs', { name: saved.name })}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button size="small" variant="outlined" startIcon={<PushPinOutlinedIcon />} component={RouterLink} to={`${paths.club.pinPositions(clubId, courseId)}?setup=${saved.pinSetupId}`}>
                {t('greenkeeper.pins.openSetup')}
              </Button>
              <Button size="small" variant="outlined" startIcon={<PrintOutlinedIcon />} component={RouterLink} to={paths.club.pinSheet(clubId, courseId, saved.pinSetupId)}>
                {t('greenkeeper.pins.printSheet')}
              </Button>
            </Box>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

/** A chip whose label may wrap, so that the check column fits a phone. */
const chipWraps = { height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: { xs: 'normal', sm: 'nowrap' }, py: 0.25 } } as const;

function CheckCell({
  check,
  reason,
  hasPin,
  canCheck,
}: {
  check: ReturnType<typeof liveCheck>;
  reason: PinSuggestion['problems'][number]['code'] | undefined;
  hasPin: boolean;
  canCheck: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (!canCheck) {
    return (
      <Typography variant="caption" color="text.secondary">
        {t(`greenkeeper.pins.suggestionProblems.${reason ?? 'noGreen'}`)}
      </Typography>
    );
  }
  if (!check) {
    return (
      <Typography variant="caption" color="text.secondary">
        {hasPin ? '–' : reason ? t(`greenkeeper.pins.suggestionProblems.${reason}`) : t('greenkeeper.pins.noPin')}
      </Typography>
    );
  }
  // Metres to a tenth, as the interface language writes them ("2,5" in Danish).
  const distances = [
    t('greenkeeper.pins.edgeDistance', { value: tenthsOfMetres(Math.max(0, check.edgeDistance), i18n.language) }),
    ...(check.nearestRecent !== null ? [t('greenkeeper.pins.nearestRecent', { value: tenthsOfMetres(check.nearestRecent, i18n.language) })] : []),
  ].join(' · ');
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
      {/* The zone has its own column from sm up; on a phone it shows here. */}
      <Typography variant="caption" sx={{ display: { xs: 'block', sm: 'none' }, width: '100%', fontWeight: 600 }}>
        {t(`greenkeeper.pins.zones.${check.zone}`)}
      </Typography>
      {check.problems.length === 0 ? (
        <Chip size="small" color="success" variant="outlined" label={t('greenkeeper.pins.ok')} sx={chipWraps} />
      ) : (
        check.problems.map((p) => <Chip key={p} size="small" color="error" label={t(`greenkeeper.pins.problems.${p}`)} sx={chipWraps} />)
      )}
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: { sm: 'nowrap' } }}>
        {distances}
      </Typography>
    </Box>
  );
}
