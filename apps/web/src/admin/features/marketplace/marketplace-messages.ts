import type { LISTING_STATUSES } from '@sente/contract';

/** The Marketplace screen's messages (the spec has no marketplace screen; worded as its others are). */
export const MARKETPLACE_MESSAGES = {
  listingsFailed: 'Failed to load listings',
  empty: 'No listings found. Try another status.',
  relistFailed: 'Failed to list the application again',
  confirmRelist: 'Are you sure you want to list this application again?',
} as const;

export type ListingStatusName = (typeof LISTING_STATUSES)[number];

export const LISTING_STATUS_LABELS: Record<ListingStatusName, string> = {
  OPEN: 'Open',
  OFFERED: 'Offered',
  FUNDED: 'Funded',
  DISBURSED: 'Disbursed',
  EXPIRED: 'Expired',
};
