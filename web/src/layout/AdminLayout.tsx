import { Suspense, lazy, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { graphql, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { Link, Navigate, Outlet, useLoaderData, useLocation } from 'react-router-dom';
import type { AdminLayoutQuery as TAdminLayoutQuery } from '../../__generated__/AdminLayoutQuery.graphql.ts';
import { toLocale, useLocale } from '../i18n/locale.tsx';
import { Logo } from '../ui/Logo.tsx';
import { PageSpinner } from '../ui/PageSpinner.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { NavCountsContext, RoleContext, missingRole, navMessages } from './nav-items.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { SideMenu } from './SideMenu.tsx';
import { useHideOnScroll } from './useHideOnScroll.ts';

/**
 * The banner for an unconfirmed address (most users never see it) loads after the shell, apart
 * from its code, which stays within the shell's budget (web/size/route-weights.ts).
 */
const EmailConfirmationBanner = lazy(() =>
  import('./EmailConfirmationBanner.tsx').then((m) => ({ default: m.EmailConfirmationBanner })),
);
// Asks before leaving a page with unsaved changes (its dialog is a modal <dialog>).
const LeaveGuard = lazy(() => import('../forms/LeaveGuard.tsx'));

/** The page that asks for two-factor sign-in (a team member's rare case), loaded when shown. */
const EnrolmentRequiredPage = lazy(() =>
  import('../enrolment-required/EnrolmentRequiredPage.tsx').then((m) => ({
    default: m.EnrolmentRequiredPage,
  })),
);

export const adminLayoutQuery = graphql`
  query AdminLayoutQuery {
    viewer {
      twoFactorEnrolmentRequired
      unreadNotificationCount
      awaitingIdeaCount
      user {
        language
        role
        ...AccountMenu_user
        ...EmailConfirmationBanner_user
      }
      company {
        name
        ...AccountMenu_company
      }
      ...EnrolmentRequiredPage_viewer
    }
  }
`;

/**
 * The console shell under /admin: side menu, top bar, and the screen in the middle. A team
 * member who must set up two-factor sign-in first (their company requires it) gets that page
 * instead, whatever the address: their session has no team role until then.
 */
export function AdminLayout() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TAdminLayoutQuery>;
  const { viewer } = usePreloadedQuery<TAdminLayoutQuery>(adminLayoutQuery, queryRef);
  const { locale, setLocale } = useLocale();
  const isTopBarHidden = useHideOnScroll(10);
  const storedLanguage = toLocale(viewer?.user.language);
  const { pathname } = useLocation();
  const missing = viewer ? missingRole(viewer.user.role, pathname) : null;

  // The account's stored language is the preference once signed in.
  useEffect(() => {
    if (storedLanguage && storedLanguage !== locale) setLocale(storedLanguage);
    // Only when the stored language changes, not when the visitor picks another one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storedLanguage]);

  if (!viewer) return <Navigate to="/login" replace />;
  if (viewer.twoFactorEnrolmentRequired) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <EnrolmentRequiredPage viewer={viewer} />
      </Suspense>
    );
  }
  const count = viewer.unreadNotificationCount;
  const navCounts = { queue: viewer.awaitingIdeaCount ?? 0 };
  return (
    <RoleContext.Provider value={viewer.user.role}>
      <NavCountsContext.Provider value={navCounts}>
        <div className="shell">
          <a className="skip-link" href="#main">
            {intl.formatMessage(navMessages.skip)}
          </a>
          <SideMenu />
          <header className={`top-bar${isTopBarHidden ? ' top-bar--hidden' : ''}`}>
            <MobileMenu />
            <div className="top-bar__logo">
              <Logo />
            </div>
            <p className="top-bar__company">{viewer.company.name}</p>
            <Link className="bell" to="/admin/notifications">
              <span className="visually-hidden">
                {intl.formatMessage(navMessages.notifications)}
              </span>
              {count ? <span className="bell__count">{count}</span> : null}
            </Link>
            <AccountMenu user={viewer.user} company={viewer.company} />
          </header>
          <main className="shell__main" id="main" tabIndex={-1}>
            <div className="shell__content">
              <Suspense fallback={null}>
                <EmailConfirmationBanner user={viewer.user} />
                <LeaveGuard />
              </Suspense>
              {missing === null ? (
                <Suspense fallback={<PageSpinner />}>
                  <Outlet />
                </Suspense>
              ) : (
                <div className="card">
                  <EmptyState
                    icon="lock"
                    headingLevel={1}
                    title={intl.formatMessage(navMessages.refusedTitle)}
                    description={intl.formatMessage(
                      missing === 'OWNER' ? navMessages.refusedOwnerText : navMessages.refusedText,
                    )}
                  />
                </div>
              )}
            </div>
          </main>
        </div>
      </NavCountsContext.Provider>
    </RoleContext.Provider>
  );
}
