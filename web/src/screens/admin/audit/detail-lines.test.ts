import { describe, expect, it } from 'vitest';
import { detailLines } from './detail-lines.ts';
import { detailMessages } from './messages.ts';

describe('audit details as lines a person reads', () => {
  it('pairs from and to into one change, named by the action', () => {
    expect(
      detailLines('COMPANY_RENAMED', [
        { name: 'from', value: 'Acme' },
        { name: 'to', value: 'Acme Robotics' },
      ]),
    ).toEqual([{ label: detailMessages.companyName, value: 'Acme Robotics', previous: 'Acme' }]);
  });

  it('pairs wasPublic with isPublic and keeps the other facts, labelled where known', () => {
    expect(
      detailLines('BOARD_VISIBILITY_CHANGED', [
        { name: 'board', value: 'Roadmap' },
        { name: 'wasPublic', value: 'false' },
        { name: 'isPublic', value: 'true' },
        { name: 'mystery', value: '42' },
      ]),
    ).toEqual([
      { label: detailMessages.board, value: 'Roadmap' },
      { label: detailMessages.isPublic, value: 'true', previous: 'false' },
      { label: 'mystery', value: '42' },
    ]);
  });

  it('shows a lone from as itself', () => {
    expect(
      detailLines('OWNERSHIP_TRANSFERRED', [
        { name: 'name', value: 'Pat' },
        { name: 'from', value: 'ADMIN' },
      ]),
    ).toEqual([
      { label: detailMessages.name, value: 'Pat' },
      { label: detailMessages.role, value: 'ADMIN' },
    ]);
  });
});
