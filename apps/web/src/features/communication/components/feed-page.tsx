import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useClubId } from '../../../lib/use-club-id';
import { useViewParam } from '../../../lib/use-view-param';
import { communicationFormat } from '../utils/format';
import { ExternalFeedsSection } from './external-feeds-section';
import { FeedStatsCard } from './feed-stats';
import { MessagesSection } from './messages-section';
import { PostsSection } from './posts-section';

const VIEWS = ['posts', 'messages', 'feeds'] as const;
type View = (typeof VIEWS)[number];

/**
 * /:clubId/some/feed — the club's news feed and messages (§2 Communication, News feed): the figures
 * (followers, members, views, external and own RSS) on top, then the posts with where each went,
 * the messages to followers, and the external feeds the club follows with their items.
 */
export function FeedPage() {
  const { t, i18n } = useTranslation();
  const clubId = useClubId();
  const format = useMemo(() => communicationFormat(i18n.language), [i18n.language]);
  const [view, show] = useViewParam(VIEWS);

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)', maxWidth: 1200 }}>
      <FeedStatsCard clubId={clubId} format={format} />
      <Tabs
        value={view}
        onChange={(_event, next: View) => show(next)}
        aria-label={t('communication.feed.sections')}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider', maxWidth: 600, '& .MuiTab-root': { px: 1 } }}
      >
        {VIEWS.map((v) => (
          <Tab key={v} value={v} label={t(`communication.tabs.${v}`)} id={`communication-${v}-tab`} aria-controls={v === view ? `communication-${v}-panel` : undefined} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`communication-${view}-panel`} aria-labelledby={`communication-${view}-tab`} sx={{ minWidth: 0 }}>
        {view === 'posts' && <PostsSection clubId={clubId} format={format} />}
        {view === 'messages' && <MessagesSection clubId={clubId} format={format} />}
        {view === 'feeds' && <ExternalFeedsSection clubId={clubId} format={format} />}
      </Box>
    </Box>
  );
}
