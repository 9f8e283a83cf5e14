import { VISITORS } from './axe';
import { routeTableChecks } from './route-table';

// Every screen of the route table as the region owner, in Danish: axe-core (e2e/route-table.ts).
routeTableChecks(VISITORS[1]);
