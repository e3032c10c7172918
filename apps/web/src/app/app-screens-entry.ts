// The app's screens behind sign-in but the home (router.tsx loads this chunk lazily, when one of
// them is first opened; the service worker has usually fetched it by then): with the contract's
// schemas their forms check. The signed-in frame and the home are in app-home-entry.ts.

export { VerifyPhonePage } from './features/accounts/verify-phone-page.tsx';
export { ApplicationPage } from './features/applications/application-page.tsx';
export { ApplyPage } from './features/applications/apply-page.tsx';
export { AutoInvestPage } from './features/auto-invest/auto-invest-page.tsx';
export { LoanPage } from './features/loans/loan-page.tsx';
export { RepayPage } from './features/loans/repay-page.tsx';
export { ListingPage } from './features/market/listing-page.tsx';
export { MarketPage } from './features/market/market-page.tsx';
export { MyBidsPage } from './features/market/my-bids-page.tsx';
export { NotificationsPage } from './features/notifications/notifications-page.tsx';
export { NumbersPage } from './features/payments/numbers-page.tsx';
export { PortfolioPage } from './features/portfolio/portfolio-page.tsx';
export { ProfilePage } from './features/profile/profile-page.tsx';
export { WalletPage } from './features/wallet/wallet-page.tsx';
export { AppNotFoundPage } from './shell/app-not-found-page.tsx';
