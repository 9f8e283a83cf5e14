import type { AppUserDataCounts } from '@golf/contract/api/app-users';

export interface AppUsersParams {
  search: string;
  page?: number;
  pageSize?: number;
}

/** The rows per page the list offers. */
export const PAGE_SIZES = [25, 50, 100] as const;

/** The query string of GET admin/app-users (page numbers from 1). */
export function appUsersSearchParams(params: AppUsersParams): string {
  const query = new URLSearchParams();
  const search = params.search.trim();
  if (search) query.set('search', search);
  if (params.page) query.set('page', String(params.page));
  if (params.pageSize) query.set('page_size', String(params.pageSize));
  return query.toString();
}

/** The CSV file's name: the product's users and today's date (yyyy-mm-dd). */
export function appUsersCsvName(today: Date): string {
  return `guide-app-users-${today.toISOString().slice(0, 10)}.csv`;
}

/** The erasure can run only when the typed id is exactly the user's (spaces around it are forgiven). */
export function confirmMatches(typed: string, appId: string): boolean {
  return typed.trim() === appId;
}

/** The short summary of what an erasure removed. */
export function erasureSummary(counts: AppUserDataCounts) {
  return { rounds: counts.rounds, posts: counts.community_posts, comments: counts.community_comments, subscriptions: counts.push_subscriptions };
}
