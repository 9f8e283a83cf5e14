import type { ApiAccess } from '../../platform/authorize';

/** Every guide call needs the products role in the club (§6); the REST routes and GraphQL share it. */
export const PRODUCTS = { club: 'clubId', roles: ['products'] } as const satisfies ApiAccess;

/**
 * The list of the club's guides (not a guide itself) is also read by the communication screen,
 * whose messages may target the followers of chosen guides (issue 23).
 */
export const GUIDE_READERS = { club: 'clubId', roles: ['products', 'communication'] } as const satisfies ApiAccess;
