import { useState, type ReactElement, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import CampaignIcon from '@mui/icons-material/Campaign';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FlagIcon from '@mui/icons-material/Flag';
import ForumIcon from '@mui/icons-material/Forum';
import GrassIcon from '@mui/icons-material/Grass';
import GolfCourseIcon from '@mui/icons-material/GolfCourse';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import HomeIcon from '@mui/icons-material/Home';
import InsightsIcon from '@mui/icons-material/Insights';
import LoyaltyIcon from '@mui/icons-material/Loyalty';
import MailOutlineIcon from '@mui/icons-material/MailOutlineOutlined';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PeopleIcon from '@mui/icons-material/People';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { PRODUCT_VERSION } from '@golf/contract/constants';
import { useCourses } from '../../lib/courses/queries';
import { canListCourses, canSeeSupport, MENU, visibleMenu, type MenuEntry, type VisibleGroup } from '@golf/contract/menu';
import type { Profile } from '@golf/contract/api/session';
import { contactSupportHref, helpLink, SUPPORT_CENTRE_URL, WEBINARS_URL } from '../../config/help-links';
import { paths } from '../../config/paths';
import { isAvailable } from '../route-table';

const GROUP_ICONS: Record<string, ReactElement> = {
  home: <HomeIcon />,
  club: <GolfCourseIcon />,
  courses: <FlagIcon />,
  communities: <ForumIcon />,
  communication: <CampaignIcon />,
  promotion: <LoyaltyIcon />,
  products: <MenuBookIcon />,
  greenkeeper: <GrassIcon />,
  insights: <InsightsIcon />,
  users: <PeopleIcon />,
  management: <ManageAccountsIcon />,
  admin: <AdminPanelSettingsIcon />,
};

interface SideMenuProps {
  profile: Profile;
  clubId: number;
  /** Called after a link is followed (closes the slide-out drawer). */
  onNavigate?: () => void;
}

/** The side menu of §2: the contract's visible groups, limited to screens this build has. */
export function SideMenu({ profile, clubId, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const listsCourses = canListCourses(profile, clubId);
  const courses = useCourses(clubId, listsCourses);
  const courseLinks = (courses.data ?? []).map((c) => ({ id: c.id, name: c.name }));
  const groups = visibleMenu(profile, clubId, isAvailable, courseLinks);
  return (
    <Box component="nav" aria-label={t('shell.mainMenu')} id="side-menu">
      <List>
        {groups.map((group) =>
          group.direct ? (
            <MenuLink key={group.key} entry={group.entries[0]} clubId={clubId} icon={GROUP_ICONS[group.key]} onNavigate={onNavigate} />
          ) : (
            <MenuGroup key={group.key} group={group} clubId={clubId} onNavigate={onNavigate} />
          ),
        )}
        {canSeeSupport(profile) && <SupportGroup />}
      </List>
    </Box>
  );
}

function HelpLink({ entry, name }: { entry: MenuEntry; name: string }) {
  const { t } = useTranslation();
  if (!entry.help) return null;
  return (
    <IconButton
      edge="end"
      size="small"
      component="a"
      href={helpLink(entry.help)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('shell.helpFor', { name })}
      title={t('shell.helpFor', { name })}
    >
      <HelpOutlineIcon fontSize="small" />
    </IconButton>
  );
}

const within = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/** An entry is current for its own path and the paths below it, unless a deeper entry (club/import below club) holds them. */
function isSelected(pathname: string, clubId: number, path: string): boolean {
  if (!within(pathname, paths.club.section(clubId, path))) return false;
  return !MENU.some((g) => g.entries.some((e) => e.path.startsWith(`${path}/`) && within(pathname, paths.club.section(clubId, e.path))));
}

function MenuLink({
  entry,
  clubId,
  icon,
  nested = false,
  onNavigate,
}: {
  entry: MenuEntry;
  clubId: number;
  icon?: ReactElement;
  nested?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const to = paths.club.section(clubId, entry.path);
  const name = t(`menu.entries.${entry.path}`);
  return (
    <ListItem disablePadding secondaryAction={<HelpLink entry={entry} name={name} />}>
      <ListItemButton
        component={NavLink}
        to={to}
        end
        selected={isSelected(pathname, clubId, entry.path)}
        onClick={onNavigate}
        sx={{ pl: nested ? 4 : 2, pr: entry.help ? 6 : 2 }}
      >
        {icon && <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>}
        <ListItemText primary={name} />
      </ListItemButton>
    </ListItem>
  );
}

function MenuGroup({ group, clubId, onNavigate }: { group: VisibleGroup; clubId: number; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const holdsActive =
    group.entries.some((e) => within(pathname, paths.club.section(clubId, e.path))) ||
    (group.courses.length > 0 && within(pathname, paths.club.section(clubId, 'courses')));
  const [open, setOpen] = useState(holdsActive);
  // The course links arrive after the first render; open the group when it comes to hold the page.
  const [wasActive, setWasActive] = useState(holdsActive);
  if (holdsActive !== wasActive) {
    setWasActive(holdsActive);
    if (holdsActive) setOpen(true);
  }
  const listId = `menu-group-${group.key}`;
  return (
    <GroupItem>
      <ListItemButton onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={listId}>
        <ListItemIcon sx={{ minWidth: 40 }}>{GROUP_ICONS[group.key]}</ListItemIcon>
        <ListItemText primary={t(`menu.groups.${group.key}`)} />
        {open ? <ExpandLessIcon aria-hidden /> : <ExpandMoreIcon aria-hidden />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit id={listId}>
        <List disablePadding>
          {group.entries.map((entry) => (
            <MenuLink key={entry.path} entry={entry} clubId={clubId} nested onNavigate={onNavigate} />
          ))}
          {group.courses.map((course) => (
            <ListItem key={course.id} disablePadding>
              <ListItemButton
                component={NavLink}
                to={paths.club.section(clubId, `courses/${course.id}`)}
                selected={within(pathname, paths.club.section(clubId, `courses/${course.id}`))}
                onClick={onNavigate}
                sx={{ pl: 4 }}
              >
                <ListItemText primary={course.name} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Collapse>
    </GroupItem>
  );
}

/** The list item of a collapsible group: its button and, below it, its own list of links. */
function GroupItem({ children }: { children: ReactNode }) {
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      {children}
    </Box>
  );
}

/** Support (admins only): support centre, webinars and a prefilled mail to support. */
function SupportGroup() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const mail = contactSupportHref({
    version: PRODUCT_VERSION,
    path: pathname,
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    subject: t('menu.support.mailSubject', { version: PRODUCT_VERSION }),
  });
  const external = { component: 'a' as const, target: '_blank', rel: 'noopener noreferrer', sx: { pl: 4 } };
  return (
    <GroupItem>
      <ListItemButton onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="menu-group-support">
        <ListItemIcon sx={{ minWidth: 40 }}>
          <SupportAgentIcon />
        </ListItemIcon>
        <ListItemText primary={t('menu.groups.support')} />
        {open ? <ExpandLessIcon aria-hidden /> : <ExpandMoreIcon aria-hidden />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit id="menu-group-support">
        <List disablePadding>
          <ListItem disablePadding>
            <ListItemButton {...external} href={SUPPORT_CENTRE_URL}>
              <ListItemText primary={t('menu.support.centre')} />
              <OpenInNewIcon fontSize="small" color="action" aria-hidden />
            </ListItemButton>
          </ListItem>
          <ListItem disablePadding>
            <ListItemButton {...external} href={WEBINARS_URL}>
              <ListItemText primary={t('menu.support.webinars')} />
              <OpenInNewIcon fontSize="small" color="action" aria-hidden />
            </ListItemButton>
          </ListItem>
          <ListItem disablePadding>
            <ListItemButton component="a" href={mail} sx={{ pl: 4 }}>
              <ListItemText primary={t('menu.support.contact')} />
              <MailOutlineIcon fontSize="small" color="action" aria-hidden />
            </ListItemButton>
          </ListItem>
        </List>
      </Collapse>
    </GroupItem>
  );
}
