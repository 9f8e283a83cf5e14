import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import OpenWithIcon from '@mui/icons-material/OpenWith';
import type { TFunction } from 'i18next';
import type { Hole } from '@golf/contract/api/courses';
import { SPONSOR_FORMATS, type Sponsor, type SponsorFormat } from '@golf/contract/api/sponsors';
import { arrowStep, formatCoordinate, parseDecimal, validLatitude, validLongitude } from '../../../lib/map/keyboard-editing';
import { sponsorSlots, type DraftSign, type PagePlace } from '../utils/draft';

const ARROWS = 'ArrowUp ArrowDown ArrowLeft ArrowRight Shift+ArrowUp Shift+ArrowDown Shift+ArrowLeft Shift+ArrowRight';
const NATIVE = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** What a hole's section does to the draft (the editor applies it). */
export interface HoleActions {
  setSponsor: (holeId: number, slot: 0 | 1, sponsorId: number | null) => void;
  setFormat: (holeId: number, format: SponsorFormat) => void;
  selectSign: (key: string) => void;
  /** Moves a sign by metres east and north; false when that would take it out of its hole. */
  nudgeSign: (key: string, east: number, north: number) => boolean;
  /** Puts a sign at a typed position; false when it is outside its hole. */
  placeSignAt: (key: string, position: [number, number]) => boolean;
  removeSign: (key: string) => void;
}

export function holeTitle(t: TFunction, hole: Hole): string {
  return hole.name ? t('sponsorSetups.holes.holeNamed', { number: hole.order, name: hole.name }) : t('sponsorSetups.holes.hole', { number: hole.order });
}

/**
 * One hole in the list beside the map (its text alternative): the sponsor(s) and format of the
 * hole's page, its signs with their coordinates, and what the last save found wrong here.
 */
export function HolePlaces({
  hole,
  page,
  signs,
  sponsors,
  sponsorName,
  placeable,
  selected,
  problems,
  actions,
}: {
  hole: Hole;
  page: PagePlace;
  signs: readonly DraftSign[];
  sponsors: readonly Sponsor[];
  sponsorName: (id: number) => string;
  /** The hole has a boundary: signs can be placed on it. */
  placeable: boolean;
  selected: string | null;
  problems: readonly string[];
  actions: HoleActions;
}) {
  const { t } = useTranslation();
  const number = hole.order;
  const titleId = `sponsor-hole-${hole.id}`;
  const problemsId = `sponsor-hole-${hole.id}-problems`;
  const [first, second] = page.sponsors;
  const two = sponsorSlots(page.format) === 2;
  const sponsorOptions = (exclude: number | null) => [
    <option key="none" value="">
      {t('sponsorSetups.holes.none')}
    </option>,
    ...sponsors
      .filter((s) => s.id !== exclude)
      .map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      )),
  ];
  const sponsorValue = (value: string) => (value === '' ? null : Number(value));
  const invalid = problems.length > 0;

  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      data-testid="sponsor-hole"
      data-hole={number}
      sx={{ display: 'grid', gap: 1.25, py: 1.5, px: 1.5, borderLeft: 3, borderColor: invalid ? 'error.main' : 'transparent', borderBottom: 1, borderBottomColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" id={titleId} sx={{ fontWeight: 600 }}>
          {holeTitle(t, hole)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('sponsorSetups.holes.par', { par: hole.par })}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))', pt: 0.5 }}>
        <TextField
          select
          size="small"
          label={t('sponsorSetups.holes.pageSponsor')}
          value={first ?? ''}
          onChange={(e) => actions.setSponsor(hole.id, 0, sponsorValue(e.target.value))}
          slotProps={{ ...NATIVE, htmlInput: { 'aria-label': t('sponsorSetups.holes.pageSponsorOf', { number }), 'aria-describedby': invalid ? problemsId : undefined } }}
        >
          {sponsorOptions(null)}
        </TextField>
        <TextField
          select
          size="small"
          label={t('sponsorSetups.holes.format')}
          value={page.format}
          disabled={first === null}
          onChange={(e) => actions.setFormat(hole.id, e.target.value as SponsorFormat)}
          slotProps={{ ...NATIVE, htmlInput: { 'aria-label': t('sponsorSetups.holes.formatOf', { number }) } }}
        >
          {SPONSOR_FORMATS.map((f) => (
            <option key={f} value={f}>
              {t(`sponsorSetups.formats.${f}`)}
            </option>
          ))}
        </TextField>
        {two && first !== null && (
          <TextField
            select
            size="small"
            label={t('sponsorSetups.holes.secondSponsor')}
            value={second ?? ''}
            onChange={(e) => actions.setSponsor(hole.id, 1, sponsorValue(e.target.value))}
            slotProps={{ ...NATIVE, htmlInput: { 'aria-label': t('sponsorSetups.holes.secondSponsorOf', { number }) } }}
          >
            {sponsorOptions(first)}
          </TextField>
        )}
      </Box>
      <Box>
        <Typography variant="body2" component="h4" sx={{ fontWeight: 600 }}>
          {t('sponsorSetups.holes.signs')}
        </Typography>
        {!placeable && signs.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('sponsorSetups.holes.notDrawn')}
          </Typography>
        ) : signs.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('sponsorSetups.holes.noSigns')}
          </Typography>
        ) : (
          <Box component="ul" aria-label={t('sponsorSetups.holes.signsOf', { number })} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {signs.map((sign) => (
              <SignRow key={sign.key} sign={sign} hole={number} sponsor={sponsorName(sign.sponsorId)} selected={sign.key === selected} actions={actions} />
            ))}
          </Box>
        )}
      </Box>
      {invalid && (
        <Box component="ul" id={problemsId} data-testid="hole-problems" sx={{ m: 0, pl: 2.5, color: 'error.main' }}>
          {problems.map((p) => (
            <Typography component="li" variant="body2" key={p}>
              {p}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** A sign: its sponsor, latitude and longitude to type, a button the arrow keys move it with, and its removal. */
function SignRow({ sign, hole, sponsor, selected, actions }: { sign: DraftSign; hole: number; sponsor: string; selected: boolean; actions: HoleActions }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<{ field: 'lat' | 'lon'; key: string } | null>(null);
  const hintId = `sign-${sign.key}-hint`;
  const [lon, lat] = sign.position;

  const commit = (field: 'lat' | 'lon', text: string) => {
    const value = parseDecimal(text);
    if (field === 'lat' ? !validLatitude(value) : !validLongitude(value)) {
      setProblem({ field, key: field === 'lat' ? 'sponsorSetups.sign.invalidLatitude' : 'sponsorSetups.sign.invalidLongitude' });
      return;
    }
    const next: [number, number] = field === 'lat' ? [lon, value!] : [value!, lat];
    if (next[0] === lon && next[1] === lat) return setProblem(null);
    setProblem(actions.placeSignAt(sign.key, next) ? null : { field, key: 'sponsorSetups.sign.outsideField' });
  };
  const onArrows = (event: KeyboardEvent) => {
    const step = arrowStep(event.key, event.shiftKey);
    if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    event.stopPropagation();
    setProblem(null);
    actions.nudgeSign(sign.key, ...step);
  };
  const field = (name: 'lat' | 'lon') => {
    const value = name === 'lat' ? lat : lon;
    const shown = problem?.field === name ? problem : null;
    return (
      <TextField
        key={`${name}:${value}`}
        size="small"
        label={t(name === 'lat' ? 'sponsorSetups.sign.latitude' : 'sponsorSetups.sign.longitude')}
        defaultValue={formatCoordinate(value)}
        error={!!shown}
        helperText={shown ? t(shown.key, { number: hole }) : undefined}
        onBlur={(e) => commit(name, e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          // Takes the typed value; the form around is not saved by this Enter.
          e.preventDefault();
          commit(name, (e.target as HTMLInputElement).value);
        }}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `sign-${name}` } }}
      />
    );
  };

  return (
    <Box
      component="li"
      data-testid="sign-row"
      onFocus={() => !selected && actions.selectSign(sign.key)}
      sx={{ display: 'grid', gap: 1, p: 1, borderRadius: 1, border: 1, borderColor: selected ? 'primary.main' : 'divider', bgcolor: selected ? 'action.selected' : undefined }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Typography variant="body2" sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {sponsor}
        </Typography>
        <IconButton size="small" aria-label={t('sponsorSetups.sign.remove', { sponsor, number: hole })} onClick={() => actions.removeSign(sign.key)}>
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' }}>
        {field('lat')}
        {field('lon')}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<OpenWithIcon />}
          aria-label={t('sponsorSetups.sign.moveOf', { sponsor, number: hole })}
          aria-describedby={hintId}
          aria-keyshortcuts={ARROWS}
          onKeyDown={onArrows}
          data-sign-move={sign.key}
          sx={{ flex: 'none' }}
        >
          {t('sponsorSetups.sign.move')}
        </Button>
        <Typography variant="caption" color="text.secondary" id={hintId}>
          {t('sponsorSetups.sign.moveHint')}
        </Typography>
      </Box>
    </Box>
  );
}
