import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { SampleIdeasCard_dashboard$key } from '../../../../__generated__/SampleIdeasCard_dashboard.graphql.ts';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import {
  useAddSampleIdeasMutation,
  useRemoveSampleIdeasMutation,
} from './useDashboardMutations.ts';
import { sampleIdeaMessages } from './sample-idea-messages.ts';

const messages = defineMessages({
  offerTitle: { id: 'dashboard.samples.offerTitle', defaultMessage: 'See your board in action' },
  offer: {
    id: 'dashboard.samples.offer',
    defaultMessage:
      'Fill your first board with a few sample ideas to try voting, statuses and the roadmap. You can remove them in one click.',
  },
  presentTitle: { id: 'dashboard.samples.presentTitle', defaultMessage: 'Sample ideas' },
  present: {
    id: 'dashboard.samples.present',
    defaultMessage:
      '{count, plural, one {# sample idea is} other {# sample ideas are}} on your board. Remove them before your users arrive.',
  },
});

/**
 * The offer to fill a new company's first board with sample ideas, and once they are there,
 * the one click that removes them (admins; nothing for members).
 */
export function SampleIdeasCard({
  dashboard,
  onChanged,
}: {
  dashboard: SampleIdeasCard_dashboard$key;
  onChanged: () => Promise<void>;
}) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment SampleIdeasCard_dashboard on Dashboard {
        sampleIdeaCount
        canAddSampleIdeas
      }
    `,
    dashboard,
  );
  const [addSamples] = useAddSampleIdeasMutation();
  const [removeSamples] = useRemoveSampleIdeasMutation();
  const add = useAction(async () => {
    const { addSampleIdeas: result } = await addSamples({});
    if (result.__typename === 'AppError') return { text: result.message, code: result.code };
    await onChanged();
  });
  const remove = useAction(async () => {
    const { removeSampleIdeas: result } = await removeSamples({});
    if (result.__typename === 'AppError') return { text: result.message, code: result.code };
    await onChanged();
  });
  const hasSamples = data.sampleIdeaCount > 0;
  if (!hasSamples && !data.canAddSampleIdeas) return null;
  return (
    <section className="card dashboard-card" aria-labelledby="samples-title">
      <span className="welcome-card__icon" aria-hidden="true">
        <Icon name="sparkles" size={28} />
      </span>
      <div className="dashboard-card__text">
        <h2 id="samples-title" className="card__title">
          {intl.formatMessage(hasSamples ? messages.presentTitle : messages.offerTitle)}
        </h2>
        <p className="muted">
          {hasSamples
            ? intl.formatMessage(messages.present, { count: data.sampleIdeaCount })
            : intl.formatMessage(messages.offer)}
        </p>
        <ActionError failure={hasSamples ? remove.failure : add.failure} />
      </div>
      <div className="dashboard-card__actions">
        {hasSamples ? (
          <PendingButton
            className="button button--secondary"
            isPending={remove.isPending}
            pendingLabel={intl.formatMessage(sampleIdeaMessages.removing)}
            onClick={() => void remove.run()}
          >
            <Icon name="trash" size={18} />
            {intl.formatMessage(sampleIdeaMessages.remove)}
          </PendingButton>
        ) : (
          <PendingButton
            isPending={add.isPending}
            pendingLabel={intl.formatMessage(sampleIdeaMessages.adding)}
            onClick={() => void add.run()}
          >
            <Icon name="sparkles" size={18} />
            {intl.formatMessage(sampleIdeaMessages.add)}
          </PendingButton>
        )}
      </div>
    </section>
  );
}
