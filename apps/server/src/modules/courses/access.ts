import type { ApiAccess } from '../../platform/authorize';

/** Reading and editing a club's courses, tees, holes, drawings, pins and checks (§6: the courses role). */
export const COURSES = { club: 'clubId', roles: ['courses'] } as const satisfies ApiAccess;

/** Creating, importing and deleting a course also needs management of the club (canCreateCourses). */
export const CREATE_COURSES = { club: 'clubId', roles: ['courses'], management: true } as const satisfies ApiAccess;
