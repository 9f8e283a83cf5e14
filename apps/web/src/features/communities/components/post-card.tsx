import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LockIcon from '@mui/icons-material/LockOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PushPinIcon from '@mui/icons-material/PushPinOutlined';
import RestoreIcon from '@mui/icons-material/RestoreOutlined';
import type { CommunityPost, PostAction } from '@golf/contract/api/communities';
import { initials, isHidden } from '../utils/communities';
import type { CommunityFormat } from '../utils/format';
import { GOLFER_AVATAR } from '../utils/styles';
import { Comments } from './comments';
import { ImageGrid } from './image-gallery';
import { PostEditor } from './post-composer';

/**
 * One post as the members see it (author, time, text with its line breaks, images), with what the
 * console may do to it: its author edits and deletes it; a manager pins or unpins it, closes it to
 * comments or opens it, removes it, and restores it when reports hid it. Its comments open below.
 */
export function PostCard({
  clubId,
  communityId,
  post,
  format,
  busy,
  openComments = false,
  onModerate,
  onRemove,
}: {
  clubId: number;
  communityId: number;
  post: CommunityPost;
  format: CommunityFormat;
  busy: boolean;
  /** The comments start open (the reported queue: a post may be there for a comment that reports hid). */
  openComments?: boolean;
  onModerate: (action: PostAction) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(openComments);
  const hidden = isHidden(post);
  const own = post.author.you;

  const act = (action: () => void) => () => {
    setMenu(null);
    action();
  };

  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={`${id}-author`}
      data-testid="post-card"
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.5, minWidth: 0, borderColor: hidden ? 'warning.main' : post.pinned ? 'primary.light' : undefined }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', minWidth: 0 }}>
        <Avatar aria-hidden sx={{ bgcolor: post.author.kind === 'user' ? 'primary.main' : GOLFER_AVATAR }}>
          {initials(post.author.name)}
        </Avatar>
        <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
            <Typography id={`${id}-author`} component="h3" sx={{ fontWeight: 600, fontSize: '1rem', overflowWrap: 'anywhere' }}>
              {post.author.name}
            </Typography>
            {post.author.kind === 'user' && <Chip size="small" variant="outlined" label={t('communities.posts.manager')} />}
            {post.pinned && <Chip size="small" color="primary" icon={<PushPinIcon />} label={t('communities.posts.pinned')} data-testid="post-pinned" />}
            {post.closed && <Chip size="small" icon={<LockIcon />} label={t('communities.posts.closed')} data-testid="post-closed" />}
          </Box>
          <Typography variant="body2" color="text.secondary">
            <Box component="time" dateTime={post.created_at} title={format.dateTime(post.created_at)}>
              {format.ago(post.created_at)}
            </Box>
            {post.edited_at && ` · ${t('communities.posts.edited')}`}
          </Typography>
        </Box>
        <IconButton
          aria-label={t('communities.posts.actionsFor', { name: post.author.name })}
          aria-haspopup="menu"
          aria-controls={menu ? `${id}-menu` : undefined}
          aria-expanded={menu ? true : undefined}
          onClick={(e) => setMenu(e.currentTarget)}
          disabled={busy}
          sx={{ mt: -0.5, mr: -1 }}
        >
          <MoreVertIcon />
        </IconButton>
        <Menu id={`${id}-menu`} anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
          {own && (
            <MenuItem onClick={act(() => setEditing(true))}>
              <ListItemIcon>
                <EditIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('communities.posts.edit')}</ListItemText>
            </MenuItem>
          )}
          <MenuItem onClick={act(() => onModerate(post.pinned ? 'unpin' : 'pin'))}>
            <ListItemIcon>
              <PushPinIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{post.pinned ? t('communities.moderate.unpin') : t('communities.moderate.pin')}</ListItemText>
          </MenuItem>
          <MenuItem onClick={act(() => onModerate(post.closed ? 'open' : 'close'))}>
            <ListItemIcon>{post.closed ? <LockOpenIcon fontSize="small" /> : <LockIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{post.closed ? t('communities.moderate.open') : t('communities.moderate.close')}</ListItemText>
          </MenuItem>
          {hidden && (
            <MenuItem onClick={act(() => onModerate('restore'))}>
              <ListItemIcon>
                <RestoreIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('communities.moderate.restore')}</ListItemText>
            </MenuItem>
          )}
          <Divider />
          <MenuItem onClick={act(onRemove)} sx={{ color: 'error.main' }}>
            <ListItemIcon>
              <DeleteIcon fontSize="small" color="error" />
            </ListItemIcon>
            <ListItemText>{own ? t('communities.posts.delete') : t('communities.posts.remove')}</ListItemText>
          </MenuItem>
        </Menu>
      </Box>

      {hidden && (
        <Alert
          severity="warning"
          data-testid="post-hidden"
          sx={{ '& .MuiAlert-message': { minWidth: 0 }, flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 } } }}
          action={
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button color="inherit" size="small" variant="outlined" startIcon={<RestoreIcon />} onClick={() => onModerate('restore')} disabled={busy}>
                {t('communities.moderate.restore')}
              </Button>
              <Button color="inherit" size="small" startIcon={<DeleteIcon />} onClick={onRemove} disabled={busy}>
                {t('communities.posts.remove')}
              </Button>
            </Box>
          }
        >
          <AlertTitle>{t('communities.hiddenAfter', { count: post.reports })}</AlertTitle>
          {t('communities.posts.hiddenHint')}
        </Alert>
      )}

      {editing ? (
        <PostEditor clubId={clubId} communityId={communityId} post={post} onClose={() => setEditing(false)} />
      ) : (
        <>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="post-text">
            {post.text}
          </Typography>
          <ImageGrid images={post.images} label={t('communities.images.ofPost', { name: post.author.name })} />
        </>
      )}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, borderTop: 1, borderColor: 'divider', pt: 1 }}>
        <Button
          size="small"
          startIcon={<ChatIcon />}
          endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={open ? `${id}-comments` : undefined}
          data-testid="comments-toggle"
        >
          {post.comments > 0 ? t('communities.posts.comments', { count: post.comments }) : post.closed ? t('communities.posts.noComments') : t('communities.posts.writeComment')}
        </Button>
      </Box>
      {open && (
        <Box id={`${id}-comments`} sx={{ minWidth: 0 }}>
          <Comments clubId={clubId} communityId={communityId} post={post} format={format} />
        </Box>
      )}
    </Paper>
  );
}
