/**
 * Every table, one file per area; drizzle-kit reads this file (drizzle.config.ts) and the app types
 * its queries with it. A new area adds `<area>.ts` and one line here (docs/adding-an-area.md).
 */
export * from './core';
export * from './club-content';
export * from './members';
export * from './courses';
export * from './graphics';
export * from './data-versions';
export * from './products';
export * from './jobs';
export * from './sponsors';
export * from './secrets';
export * from './app-keys';
export * from './insights';
export * from './communication';
export * from './communities';
export * from './greenkeeper';
export * from './assets';
export * from './mismatches';
export * from './app-users-admin';
