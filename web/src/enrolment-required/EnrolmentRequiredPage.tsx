import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import { useNavigate, useRevalidator } from 'react-router-dom';
import type { EnrolmentRequiredPage_viewer$key } from '../../__generated__/EnrolmentRequiredPage_viewer.graphql.ts';
import { defineMessages } from '../i18n/define-messages.ts';
import { navMessages } from '../layout/nav-items.ts';
import { showToast } from '../toast/toast-store.ts';
import { EnrolTwoFactor } from '../two-factor/EnrolTwoFactor.tsx';
import { Logo } from '../ui/Logo.tsx';
import { PageSpinner } from '../ui/PageSpinner.tsx';
import { usePageTitle } from '../ui/usePageTitle.ts';

const messages = defineMessages({
  heading: {
    id: 'enrolmentRequired.heading',
    defaultMessage: '{company} requires two-factor sign-in',
  },
  intro: {
    id: 'enrolmentRequired.intro',
    defaultMessage:
      'Set it up to continue. Until then your account has no team access here; it comes back as soon as two-factor sign-in is on. You need an authenticator app on your phone.',
  },
  pageTitle: { id: 'enrolmentRequired.pageTitle', defaultMessage: 'Set up two-factor sign-in' },
  done: {
    id: 'enrolmentRequired.done',
    defaultMessage: 'Two-factor sign-in is on: your team access is back.',
  },
});

/**
 * Every console page of a team member whose company now requires two-factor sign-in while
 * their account has none (Viewer.twoFactorEnrolmentRequired): the server treats the session as
 * an end user's until they set it up, so instead of pages it cannot fill, the console asks for
 * the enrolment here, with the password as in the profile. The same session then has its team
 * role again: the route's queries are read anew.
 */
export function EnrolmentRequiredPage({ viewer }: { viewer: EnrolmentRequiredPage_viewer$key }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const data = useFragment(
    graphql`
      fragment EnrolmentRequiredPage_viewer on Viewer {
        user {
          email
        }
        company {
          name
        }
      }
    `,
    viewer,
  );
  const [isReloading, setIsReloading] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(messages.pageTitle);
  // The page replaces whatever the person opened: say where they are.
  useEffect(() => heading.current?.focus(), []);

  const handleEnrolled = () => {
    setIsReloading(true);
    showToast({ type: 'success', title: messages.done });
    // The session is the same; its role is read per request, so reading the page again is enough.
    revalidator.revalidate();
  };

  if (isReloading) return <PageSpinner />;
  return (
    <div className="auth">
      <header className="auth__header">
        <Logo />
      </header>
      <main className="auth__main" id="main">
        <section className="card auth-card" aria-labelledby="enrolment-required-heading">
          <h1
            id="enrolment-required-heading"
            className="auth-card__title"
            ref={heading}
            tabIndex={-1}
          >
            {intl.formatMessage(messages.heading, { company: data.company.name })}
          </h1>
          <p className="auth-card__intro">{intl.formatMessage(messages.intro)}</p>
          <EnrolTwoFactor email={data.user.email ?? ''} onDone={handleEnrolled} />
          <p className="auth-card__switch">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => navigate('/logout')}
            >
              {intl.formatMessage(navMessages.logout)}
            </button>
          </p>
        </section>
      </main>
    </div>
  );
}
