import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_NAMES } from '../../../../../api/src/services/audit/audit-actions.ts';
import enUS from '../../../../i18n/en-US.json' with { type: 'json' };
import plPL from '../../../../i18n/pl-PL.json' with { type: 'json' };
import { actionMessages } from './messages.ts';

describe('the audit log screen', () => {
  it('says every action the server records in plain words, in both languages', () => {
    expect(Object.keys(actionMessages).sort()).toEqual([...AUDIT_ACTION_NAMES].sort());
    const en = enUS as Record<string, string>;
    const pl = plPL as Record<string, string>;
    for (const message of Object.values(actionMessages)) {
      const id = String(message.id);
      expect(en[id]).toBeTruthy();
      expect(pl[id]).toBeTruthy();
      expect(pl[id]).not.toBe(en[id]);
    }
  });
});
