import { VISITORS } from './axe';
import { screenStateChecks } from './a11y-states';

// Every screen's dialogs, menus and views as the region owner, in Danish (e2e/a11y-states.ts).
screenStateChecks(VISITORS[1]);
