import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { errors } from '../../../api/src/errors.ts';
import { Field } from '../forms/Field.tsx';
import { ActionError } from '../ui/PendingButton.tsx';

/**
 * Issue 34 (#67): a refusal the server words in English (`You are not allowed to do this.`, what
 * a MEMBER meets) shows in the console's language wherever a screen passes the server's text on
 * as `{ text }`: beside the action that failed and under a field.
 */
const polish = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../i18n/pl-PL.json'), 'utf8'),
) as Record<string, string>;

function inPolish(element: ReturnType<typeof createElement>): string {
  return renderToStaticMarkup(
    createElement(
      IntlProvider,
      { locale: 'pl-PL', messages: polish, defaultLocale: 'en-US' },
      element,
    ),
  );
}

describe('server refusals in the console’s language', () => {
  const refusal = errors.forbidden().message;

  it('says the FORBIDDEN refusal in Polish beside the failed action', () => {
    const html = inPolish(createElement(ActionError, { failure: { text: refusal } }));
    expect(html).toContain(polish['refusal.forbidden']);
    expect(html).not.toContain(refusal);
  });

  it('says it in Polish under a field too, and other server texts as they came', () => {
    const field = (text: string) =>
      inPolish(
        createElement(Field, {
          label: 'Nazwa',
          error: { text },
          children: (control) => createElement('input', control),
        }),
      );
    expect(field(refusal)).toContain(polish['refusal.forbidden']);
    expect(field('Something the catalogue does not know.')).toContain(
      'Something the catalogue does not know.',
    );
  });
});
