// A person's profile limits live in the module the console shares (contract/limits.ts).
export {
  AVATAR_URL_MAX_LENGTH,
  DISPLAY_NAME_LIMITS,
  PASSWORD_LIMITS,
} from '../../contract/limits.ts';
