import { useIntl } from 'react-intl';
import { defineMessages } from '../i18n/define-messages.ts';
import { Modal } from '../ui/Modal.tsx';

const messages = defineMessages({
  title: { id: 'unsaved.title', defaultMessage: 'Leave without saving?' },
  text: {
    id: 'unsaved.text',
    defaultMessage:
      'This page has changes that are not saved yet. If you leave now, they are lost.',
  },
  stay: { id: 'unsaved.stay', defaultMessage: 'Stay and save' },
  leave: { id: 'unsaved.leave', defaultMessage: 'Leave without saving' },
});

/** The question a blocked navigation asks: stay (the default, focused first) or leave. */
export default function LeaveDialog({
  onStay,
  onLeave,
}: {
  onStay: () => void;
  onLeave: () => void;
}) {
  const intl = useIntl();
  return (
    <Modal
      isOpen
      onClose={onStay}
      title={intl.formatMessage(messages.title)}
      description={intl.formatMessage(messages.text)}
    >
      <div className="form__actions">
        <button type="button" className="button button--secondary" onClick={onLeave}>
          {intl.formatMessage(messages.leave)}
        </button>
        <button type="button" className="button button--primary" onClick={onStay} autoFocus>
          {intl.formatMessage(messages.stay)}
        </button>
      </div>
    </Modal>
  );
}
