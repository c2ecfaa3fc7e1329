// The company's SSO token rules' limits live in the module the console shares (contract/limits.ts).
export {
  SSO_LONG_LIFETIME_MINUTES,
  SSO_MAX_LIFETIME_MINUTES,
  SSO_SAMPLE_LIFETIME_SECONDS,
} from '../../contract/limits.ts';
