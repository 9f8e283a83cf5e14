import { VISITORS } from './axe';
import { routeTableChecks } from './route-table';

// Every screen of the route table as the administrator, in English: axe-core, the Content-Security-Policy and the keyboard walk (e2e/route-table.ts).
routeTableChecks(VISITORS[0]);
