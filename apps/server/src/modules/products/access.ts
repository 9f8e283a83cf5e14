import type { ApiAccess } from '../../platform/authorize';

/** Every guide call needs the products role in the club (§6); the REST routes and GraphQL share it. */
export const PRODUCTS = { club: 'clubId', roles: ['products'] } as const satisfies ApiAccess;
