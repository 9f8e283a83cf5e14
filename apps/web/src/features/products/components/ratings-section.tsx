import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RATING_LIMITS, type Guide, type OrgCourseTee } from '@golf/contract/api/guides';
import type { Tee } from '@golf/contract/api/courses';
import { useClub } from '../../../lib/current-club';
import { useOrgRatings } from '../api/guides';
import { ratingProblem, ratingRows, ratingsOf, teesOfGuide, type RatingRow } from '../utils/guide-pages';
import { GuideSaveBar, SectionCard, UnsavedChangesGuard, useGuideSave } from './guide-form';

/** /setup-ratings — course rating and slope per tee shown, for men and women: typed, or picked from a national organisation's list. */
export function RatingsSection({ clubId, guide, tees }: { clubId: number; guide: Guide; tees: Tee[] }) {
  const { t } = useTranslation();
  const club = useClub(clubId);
  const { orgs, tees: orgTees } = useOrgRatings();
  const { save, saving } = useGuideSave(clubId, guide);
  const shown = teesOfGuide(guide, tees);
  const initial = useMemo(() => ratingRows(shown, guide.ratings), [shown, guide.ratings]);
  const [rows, setRows] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [chosenOrg, setChosenOrg] = useState<number | ''>('');
  const countryOrg = orgs.data?.find((o) => o.country_code === club.data?.address.country_code)?.id;
  const orgId = chosenOrg === '' ? (countryOrg ?? orgs.data?.[0]?.id ?? '') : chosenOrg;
  const listed: OrgCourseTee[] = orgId === '' ? [] : (orgTees.data?.[String(orgId)] ?? []);
  const dirty = JSON.stringify(rows) !== JSON.stringify(initial);
  const problems = rows.map(ratingProblem);
  const invalid = problems.some((p) => p.courseRating || p.slope);

  const set = (index: number, change: Partial<RatingRow>) => setRows((list) => list.map((r, i) => (i === index ? { ...r, ...change } : r)));
  const problemText = (p: ReturnType<typeof ratingProblem>['courseRating']) =>
    p === 'courseRating'
      ? t('products.ratings.courseRatingRange', RATING_LIMITS.courseRating)
      : p === 'slope'
        ? t('products.ratings.slopeRange', RATING_LIMITS.slope)
        : p === 'bothOrNeither'
          ? t('products.ratings.both')
          : undefined;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (invalid) return;
    const others = guide.ratings.filter((r) => !shown.some((tee) => tee.id === r.tee_id));
    await save({ ratings: [...others, ...ratingsOf(rows)] });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 3 }}>
      <SectionCard id="guide-ratings" title={t('products.ratings.title')} hint={t('products.ratings.hint')}>
        <TextField
          select
          label={t('products.ratings.org')}
          value={orgId}
          onChange={(e) => setChosenOrg(e.target.value === '' ? '' : Number(e.target.value))}
          sx={{ maxWidth: 360 }}
          helperText={t('products.ratings.orgHint')}
        >
          {(orgs.data ?? []).map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
        {shown.length === 0 ? (
          <Typography color="text.secondary">{t('products.tees.noTees')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-labelledby="guide-ratings">
              <TableHead>
                <TableRow>
                  <TableCell>{t('products.ratings.tee')}</TableCell>
                  <TableCell sx={{ minWidth: 200 }}>{t('products.ratings.fromList')}</TableCell>
                  <TableCell>{t('products.ratings.courseRating')}</TableCell>
                  <TableCell>{t('products.ratings.slope')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row, index) => {
                  const tee = shown.find((s) => s.id === row.tee_id)!;
                  const label = `${tee.name} – ${t(`products.ratings.sex.${row.sex}`)}`;
                  const p = submitted ? problems[index] : { courseRating: null, slope: null };
                  return (
                    <TableRow key={`${row.tee_id}-${row.sex}`}>
                      <TableCell>
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                          <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: tee.color, border: 1, borderColor: 'divider', flexShrink: 0 }} />
                          {label}
                        </Box>
                      </TableCell>
                      <TableCell>
                        <TextField
                          select
                          size="small"
                          fullWidth
                          value=""
                          label={t('products.ratings.pick')}
                          slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'aria-label': t('products.ratings.pickFor', { tee: label }) } }}
                          onChange={(e) => {
                            const picked = listed.find((l) => l.id === Number(e.target.value));
                            if (picked) set(index, { course_rating: picked.course_rating.toFixed(1), slope: String(picked.slope) });
                          }}
                          disabled={listed.length === 0}
                        >
                          <option value="">–</option>
                          {listed
                            .filter((l) => l.sex === row.sex)
                            .map((l) => (
                              <option key={l.id} value={l.id}>
                                {`${l.course_name} · ${l.tee_name}: ${l.course_rating.toFixed(1)} / ${l.slope}`}
                              </option>
                            ))}
                        </TextField>
                      </TableCell>
                      <TableCell>
                        <TextField
                          size="small"
                          value={row.course_rating}
                          onChange={(e) => set(index, { course_rating: e.target.value })}
                          error={!!p.courseRating}
                          helperText={problemText(p.courseRating)}
                          placeholder="71.2"
                          slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': t('products.ratings.courseRatingFor', { tee: label }), maxLength: 5 } }}
                          sx={{ width: 110 }}
                        />
                      </TableCell>
                      <TableCell>
                        <TextField
                          size="small"
                          value={row.slope}
                          onChange={(e) => set(index, { slope: e.target.value })}
                          error={!!p.slope}
                          helperText={problemText(p.slope)}
                          placeholder="128"
                          slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t('products.ratings.slopeFor', { tee: label }), maxLength: 3 } }}
                          sx={{ width: 96 }}
                        />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </SectionCard>
      <GuideSaveBar dirty={dirty} saving={saving} problems={submitted && invalid} onDiscard={() => setRows(initial)} />
      <UnsavedChangesGuard dirty={dirty} saving={saving} />
    </Box>
  );
}
