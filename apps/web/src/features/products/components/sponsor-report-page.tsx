import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import type { SponsorReport } from '@golf/contract/api/sponsors';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { localPaper, PrintStyles } from '../../../components/ui/print-styles';
import { screenHref } from '../../../config/screens';
import { useClubId } from '../../../lib/use-club-id';
import { useSponsorReport } from '../api/guides';

type ReportSponsor = SponsorReport['sponsors'][number];

/**
 * /:clubId/products/:guideId/sponsor-report (issue 11, beyond the spec): which holes and products
 * of the guide show each sponsor of its setup, printable for the club to send to its sponsors.
 */
export function SponsorReportPage() {
  const { t, i18n } = useTranslation();
  const clubId = useClubId();
  const guideId = Number(useParams().guideId);
  const report = useSponsorReport(clubId, guideId);
  const [paper] = useState(localPaper);

  if (report.isPending) return <LoadingState rows={6} />;
  if (report.isError) return <ErrorState error={report.error} title={t('products.sponsorReport.loadFailed')} onRetry={() => void report.refetch()} />;
  const data = report.data;
  const when = (at: string) => new Date(at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const back = (
    <Button component={RouterLink} to={screenHref('guide', clubId, { guideId })} startIcon={<ArrowBackIcon />}>
      {t('products.sponsorReport.back')}
    </Button>
  );

  return (
    <Box id="sponsor-report" sx={{ display: 'grid', gap: 2, maxWidth: 1000 }}>
      <PrintStyles paper={paper} sheetId="sponsor-report" />
      <Box data-print="hide" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        {back}
        <Box sx={{ flex: 1 }} />
        {data.setup && (
          <Button variant="contained" startIcon={<PrintOutlinedIcon />} onClick={() => window.print()}>
            {t('products.sponsorReport.print')}
          </Button>
        )}
      </Box>
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' }, overflowWrap: 'anywhere' }}>
          {t('products.sponsorReport.heading', { title: data.title })}
        </Typography>
        {data.setup && (
          <Typography color="text.secondary">{t('products.sponsorReport.setupLine', { setup: data.setup.name, course: data.setup.course_name })}</Typography>
        )}
      </Box>
      {!data.setup ? (
        <Card>
          <EmptyState title={t('products.sponsorReport.noSetup')}>
            <Typography color="text.secondary">{t('products.sponsorReport.noSetupHint')}</Typography>
          </EmptyState>
        </Card>
      ) : (
        <>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
                {t('products.sponsorReport.productsTitle')}
              </Typography>
              <Table size="small" aria-label={t('products.sponsorReport.productsTitle')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('products.sponsorReport.product')}</TableCell>
                    <TableCell>{t('products.sponsorReport.madeAt')}</TableCell>
                    <TableCell>{t('products.sponsorReport.state')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.products.map((p) => (
                    <TableRow key={p.product}>
                      <TableCell>{t(`products.product.${p.product}`)}</TableCell>
                      <TableCell>{p.generated_at ? when(p.generated_at) : t('products.products.never')}</TableCell>
                      <TableCell>
                        {p.current ? (
                          <Chip size="small" color="success" variant="outlined" label={t('products.sponsorReport.current')} />
                        ) : (
                          // Default ink on white (the warning orange is below 4.5:1 for text); the icon marks it.
                          <Chip
                            size="small"
                            variant="outlined"
                            icon={<WarningAmberOutlinedIcon color="warning" />}
                            label={p.generated_at ? t('products.sponsorReport.outdated') : t('products.sponsorReport.notMade')}
                          />
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
          {data.sponsors.length === 0 ? (
            <Card>
              <EmptyState title={t('products.sponsorReport.noPlaces')} />
            </Card>
          ) : (
            data.sponsors.map((sponsor) => <SponsorCard key={sponsor.id} sponsor={sponsor} />)
          )}
        </>
      )}
    </Box>
  );
}

function SponsorCard({ sponsor }: { sponsor: ReportSponsor }) {
  const { t } = useTranslation();
  const headingId = `sponsor-${sponsor.id}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ breakInside: 'avoid' }}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          {sponsor.logo && <Box component="img" src={sponsor.logo} alt="" sx={{ height: 48, maxWidth: 160, objectFit: 'contain' }} />}
          <Box sx={{ minWidth: 0 }}>
            <Typography id={headingId} variant="h2" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
              {sponsor.name}
            </Typography>
            {sponsor.url && (
              <Link href={sponsor.url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                {sponsor.url}
              </Link>
            )}
          </Box>
        </Box>
        <Table size="small" aria-label={t('products.sponsorReport.placesOf', { name: sponsor.name })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('products.sponsorReport.hole')}</TableCell>
              <TableCell>{t('products.sponsorReport.where')}</TableCell>
              <TableCell>{t('products.sponsorReport.printed')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sponsor.places.map((p, i) => (
              <TableRow key={i}>
                <TableCell>{p.hole_number}</TableCell>
                <TableCell>{p.placement === 'page' && p.format ? t('products.sponsorReport.onPage', { format: t(`products.sponsorReport.format.${p.format}`) }) : t('products.sponsorReport.sign')}</TableCell>
                <TableCell>{p.on_printed_page ? t('products.sponsorReport.yes') : t('products.sponsorReport.no')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="body2">
          {sponsor.products.length > 0
            ? t('products.sponsorReport.shownIn', { products: sponsor.products.map((p) => t(`products.product.${p}`)).join(', ') })
            : t('products.sponsorReport.shownNowhere')}
        </Typography>
      </CardContent>
    </Card>
  );
}
