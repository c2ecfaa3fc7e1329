// A release's field limits live in the module the console shares (contract/limits.ts).
export {
  RELEASE_BODY_MAX,
  RELEASE_COVER_URL_MAX,
  RELEASE_LABELS,
  RELEASE_NAME_MAX,
  RELEASE_PARTS_MAX,
} from '../../contract/limits.ts';
export type { TReleaseLabel } from '../../contract/limits.ts';
