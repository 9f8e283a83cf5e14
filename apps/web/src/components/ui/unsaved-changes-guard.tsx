import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** The words of the guard's question, in the screen's area. */
export interface UnsavedChangesTexts {
  title: string;
  text: string;
  stay: string;
  leave: string;
}

/**
 * The guard without its dialog, for a screen that asks in its own words: while `dirty`, going to
 * another page of the app (a different path; a change of the query string alone stays) is held
 * unless a save is running, and closing or reloading the tab brings the browser's own question.
 * Returns the router's blocker: `state === 'blocked'` while the question is open, `proceed()` leaves,
 * `reset()` stays.
 */
export function useUnsavedChangesGuard(dirty: boolean, saving: boolean): Blocker {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !saving && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}

/**
 * Asks before leaving a page with unsaved changes: another page of the app (a different path),
 * or closing or reloading the tab (the browser's own question). Staying has the focus.
 */
export function UnsavedChangesGuard({ dirty, saving, texts }: { dirty: boolean; saving: boolean; texts: UnsavedChangesTexts }) {
  const blocker = useUnsavedChangesGuard(dirty, saving);
  return (
    <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} aria-labelledby="unsaved-changes-title" aria-describedby="unsaved-changes-text">
      <DialogTitle id="unsaved-changes-title">{texts.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="unsaved-changes-text">{texts.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {texts.stay}
        </Button>
        <Button color="error" variant="contained" onClick={() => blocker.proceed?.()}>
          {texts.leave}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
