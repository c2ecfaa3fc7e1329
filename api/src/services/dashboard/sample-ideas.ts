import type { IdeaStatus } from '../../generated/prisma/client.ts';
import type { TLanguage } from '../../validation.ts';

type TSampleIdea = { status: IdeaStatus; title: string; description: string };

/**
 * The ideas a new company's first board may be filled with, in the language of the person who
 * asks (User.language), at several statuses so the list, the roadmap and the dashboard show.
 */
export const SAMPLE_IDEAS: Record<TLanguage, readonly TSampleIdea[]> = {
  'en-US': [
    {
      status: 'OPEN',
      title: 'Dark mode',
      description: 'A dark theme for working late: easier on the eyes and on laptop batteries.',
    },
    {
      status: 'OPEN',
      title: 'Export reports to CSV',
      description: 'Download any report as a CSV file to open it in a spreadsheet.',
    },
    {
      status: 'PLANNED',
      title: 'Mobile app for iOS and Android',
      description: 'Check and answer on the go, with notifications on the phone.',
    },
    {
      status: 'IN_PROGRESS',
      title: 'Sign in with Google',
      description: 'One click to sign in with a Google account instead of another password.',
    },
  ],
  'pl-PL': [
    {
      status: 'OPEN',
      title: 'Tryb ciemny',
      description: 'Ciemny motyw do pracy wieczorem: łagodniejszy dla oczu i baterii laptopa.',
    },
    {
      status: 'OPEN',
      title: 'Eksport raportów do CSV',
      description: 'Pobieranie każdego raportu jako pliku CSV do otwarcia w arkuszu.',
    },
    {
      status: 'PLANNED',
      title: 'Aplikacja mobilna na iOS i Androida',
      description: 'Sprawdzanie i odpowiadanie w drodze, z powiadomieniami w telefonie.',
    },
    {
      status: 'IN_PROGRESS',
      title: 'Logowanie przez Google',
      description: 'Logowanie jednym kliknięciem kontem Google zamiast kolejnego hasła.',
    },
  ],
};
