import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { colourIndexOf } from '../../../widget/src/Avatar.tsx';
import { CSS } from '../../../widget/src/styles.ts';
import { Avatar } from './Avatar.tsx';

/** The background the console's avatar of `name` wears (its inline style). */
function consoleColour(name: string): string {
  const html = renderToStaticMarkup(
    createElement(IntlProvider, { locale: 'en-US', messages: {} }, createElement(Avatar, { name })),
  );
  return /background:\s*(#[0-9a-f]{6})/i.exec(html)?.[1]?.toLowerCase() ?? html;
}

/** The background the widget's stylesheet gives `name`'s avatar (its class cN). */
function widgetColour(name: string): string {
  const rule = new RegExp(
    `\\.fb \\.avatar\\.c${colourIndexOf(name)} \\{ background: (#[0-9a-f]{6}); \\}`,
  );
  return rule.exec(CSS)?.[1]?.toLowerCase() ?? 'none';
}

describe('avatar colours', () => {
  it('give a person the same colour in the console as in the widget', () => {
    // F13 of walk 9: "JC" was red in the widget and beige in the console.
    for (const name of ['Jan Cichy', 'Zofia Wiśniewska', 'Ola Nowak', 'Marek SSO', 'A']) {
      expect(consoleColour(name), name).toBe(widgetColour(name));
    }
  });
});
