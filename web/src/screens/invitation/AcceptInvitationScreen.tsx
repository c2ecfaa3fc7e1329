import { Suspense, lazy, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { AcceptInvitationScreenQuery as TQuery } from '../../../__generated__/AcceptInvitationScreenQuery.graphql.ts';
import type { AcceptInvitationScreenMutation as TAccept } from '../../../__generated__/AcceptInvitationScreenMutation.graphql.ts';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { commonMessages } from '../../i18n/common-messages.ts';
import { defineMessages } from '../../i18n/define-messages.ts';
import { usePromiseMutation } from '../../relay/usePromiseMutation.ts';
import { startSession } from '../../session/session.ts';
import { ActionError, PendingButton } from '../../ui/PendingButton.tsx';
import { useAction } from '../../ui/useAction.ts';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { roleMessages } from '../admin/users/team-messages.ts';
import { DISPLAY_NAME_LIMITS } from '../../../../api/src/contract/limits.ts';

/** The sign-in's second step, loaded only when the invitee's account needs it. */
const SecondFactorStep = lazy(() =>
  import('../login/SecondFactorStep.tsx').then((module) => ({ default: module.SecondFactorStep })),
);

const messages = defineMessages({
  title: { id: 'invitation.title', defaultMessage: 'Join the team' },
  intro: {
    id: 'invitation.intro',
    defaultMessage: 'You are invited to the {company} team on Feedboard as {role}.',
  },
  newAccount: {
    id: 'invitation.newAccount',
    defaultMessage: 'Choose your name and a password: you will sign in as {email}.',
  },
  existingAccount: {
    id: 'invitation.existingAccount',
    defaultMessage: '{email} has an account already: enter its password to join.',
  },
  name: { id: 'invitation.name', defaultMessage: 'Your name' },
  password: { id: 'invitation.password', defaultMessage: 'Password' },
  accept: { id: 'invitation.accept', defaultMessage: 'Join the team' },
  accepting: { id: 'invitation.accepting', defaultMessage: 'Joining…' },
  invalidTitle: { id: 'invitation.invalid.title', defaultMessage: 'This link does not work' },
  invalidText: {
    id: 'invitation.invalid.text',
    defaultMessage: 'It was used, revoked or has expired. Ask the team for a new invitation.',
  },
  login: { id: 'invitation.login', defaultMessage: 'Go to the sign-in page' },
});

const acceptMutation = graphql`
  mutation AcceptInvitationScreenMutation(
    $token: String!
    $password: String!
    $displayName: String
    $language: String
  ) {
    acceptInvitation(
      token: $token
      password: $password
      displayName: $displayName
      language: $language
    ) {
      __typename
      ... on MutationAcceptInvitationSuccess {
        data {
          token
          secondFactor {
            challenge
            enrolmentRequired
          }
        }
      }
      ... on AppError {
        code
        message
        fields {
          field
          message
        }
      }
    }
  }
`;

/**
 * /invitation/{token}: the page an invitation mail links to; accepting signs the person in, or,
 * when the account has two-factor sign-in or the company requires it, leads to the second step
 * (or the enrolment) as signing in does.
 */
export function AcceptInvitationScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  usePageTitle(messages.title);
  const { invitation } = useLazyLoadQuery<TQuery>(
    graphql`
      query AcceptInvitationScreenQuery($token: String!) {
        invitation(token: $token) {
          email
          role
          companyName
          hasAccount
        }
      }
    `,
    { token },
    { fetchPolicy: 'network-only' },
  );
  const [accept] = usePromiseMutation<TAccept>(acceptMutation);
  // Set when the invitation was accepted and a second factor (or enrolment) is due.
  const [secondFactor, setSecondFactor] = useState<{
    challenge: string;
    enrolmentRequired: boolean;
  } | null>(null);
  const form = useForm({
    displayName: { ...DISPLAY_NAME_LIMITS },
    password: { required: true, min: 6, max: 50 },
  });
  const join = useAction(async (values: { displayName: string; password: string }) => {
    const result = (
      await accept({
        token,
        password: values.password,
        displayName: values.displayName.trim() || null,
        // A new account keeps the language this page was read in.
        language: intl.locale,
      })
    ).acceptInvitation;
    if (result.__typename === 'MutationAcceptInvitationSuccess' && result.data.token) {
      startSession(result.data.token);
      navigate('/admin/boards', { replace: true });
      return null;
    }
    if (result.__typename === 'MutationAcceptInvitationSuccess' && result.data.secondFactor) {
      setSecondFactor(result.data.secondFactor);
      return null;
    }
    if (result.__typename === 'AppError') {
      if (form.setServerErrors(result.fields)) return null;
      return { text: result.message, code: result.code };
    }
    return { descriptor: commonMessages.genericError };
  });

  if (secondFactor && invitation) {
    // The link is used: going back means signing in with the invited address.
    return (
      <Suspense fallback={<PageSpinner />}>
        <SecondFactorStep
          challenge={secondFactor.challenge}
          enrolmentRequired={secondFactor.enrolmentRequired}
          email={invitation.email}
          onBack={() => navigate('/login', { replace: true, state: { email: invitation.email } })}
        />
      </Suspense>
    );
  }

  if (!invitation) {
    return (
      <section className="card auth-card" aria-labelledby="invitation-heading">
        <h1 id="invitation-heading" className="auth-card__title">
          {intl.formatMessage(messages.invalidTitle)}
        </h1>
        <p className="auth-card__intro">{intl.formatMessage(messages.invalidText)}</p>
        <Link to="/login">{intl.formatMessage(messages.login)}</Link>
      </section>
    );
  }
  const data = invitation;
  const role = data.role === 'ADMIN' ? roleMessages.ADMIN : roleMessages.MEMBER;
  return (
    <section className="card auth-card" aria-labelledby="invitation-heading">
      <h1 id="invitation-heading" className="auth-card__title">
        {intl.formatMessage(messages.title)}
      </h1>
      <p className="auth-card__intro">
        {intl.formatMessage(messages.intro, {
          company: data.companyName,
          role: intl.formatMessage(role),
        })}
      </p>
      <p className="muted">
        {intl.formatMessage(data.hasAccount ? messages.existingAccount : messages.newAccount, {
          email: data.email,
        })}
      </p>
      <form
        className="form"
        onSubmit={form.handleSubmit((values) => void join.run(values))}
        noValidate
      >
        {data.hasAccount ? null : (
          <TextField
            {...form.bind('displayName')}
            label={intl.formatMessage(messages.name)}
            lengthRule={{ max: 50 }}
          />
        )}
        <TextField
          {...form.bind('password')}
          type="password"
          label={intl.formatMessage(messages.password)}
          lengthRule={data.hasAccount ? undefined : { min: 6, max: 50 }}
          isRequired
        />
        <ActionError failure={join.failure} />
        <div className="form__actions">
          <PendingButton
            type="submit"
            isPending={join.isPending}
            pendingLabel={intl.formatMessage(messages.accepting)}
          >
            {intl.formatMessage(messages.accept)}
          </PendingButton>
        </div>
      </form>
    </section>
  );
}
