import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { errors } from '../../../api/src/errors.ts';
import { tooManyApiKeys } from '../../../api/src/services/api-key/api-keys.ts';
import { keysFullMessage } from '../screens/admin/api-keys/messages.ts';
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

  it("says the refusal of an API key past the company's 50 in Polish, with the number", () => {
    const failure = keysFullMessage(tooManyApiKeys().message)!;
    const html = inPolish(createElement(ActionError, { failure }));
    expect(html).toContain('Firma ma już 50 kluczy API');
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

/**
 * Every refusal the console can meet, by its code (schema.graphql's ErrorCode): a Polish console
 * says it in Polish (not only FORBIDDEN), an English one keeps the server's more exact words, an
 * unknown code keeps them in any language, and field messages still land as they did.
 */
describe('every AppError code in both catalogues', () => {
  const schema = readFileSync(path.resolve(import.meta.dirname, '../../../schema.graphql'), 'utf8');
  const codes = [
    ...(/enum ErrorCode \{([^}]*)\}/.exec(schema)?.[1] ?? '').matchAll(/^\s+([A-Z_]+)$/gm),
  ].map((match) => match[1] ?? '');
  const english = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../i18n/en-US.json'), 'utf8'),
  ) as Record<string, string>;
  const inEnglish = (element: ReturnType<typeof createElement>) =>
    renderToStaticMarkup(
      createElement(
        IntlProvider,
        { locale: 'en-US', messages: english, defaultLocale: 'en-US' },
        element,
      ),
    );
  const serverText = 'A board with this name already exists.';

  it('reads the codes from the schema', () => {
    expect(codes.length).toBe(18);
    expect(codes).toContain('CONFLICT');
  });

  it.each(codes)('says %s in Polish beside the failed action, with the code', (code) => {
    const html = inPolish(createElement(ActionError, { failure: { text: serverText, code } }));
    const id = code === 'FORBIDDEN' ? 'refusal.forbidden' : `refusal.${code}`;
    expect(polish[id], id).toBeTruthy();
    expect(english[id], id).toBeTruthy();
    expect(polish[id]).not.toBe(english[id]);
    expect(html).toContain(polish[id]);
    expect(html).not.toContain(serverText);
  });

  it('keeps the server’s own words in English, and for a code it does not know', () => {
    const failure = { text: serverText, code: 'CONFLICT' };
    expect(inEnglish(createElement(ActionError, { failure }))).toContain(serverText);
    const unknown = { text: serverText, code: 'SOMETHING_NEW' };
    expect(inPolish(createElement(ActionError, { failure: unknown }))).toContain(serverText);
  });

  it('still translates a field message the server words as a rule', () => {
    const html = inPolish(
      createElement(Field, {
        label: 'Nazwa',
        error: { text: 'It has to be max 50 characters.', code: 'VALIDATION' },
        children: (control) => createElement('input', control),
      }),
    );
    expect(html).toContain('Może mieć najwyżej 50 znaków.');
  });
});
