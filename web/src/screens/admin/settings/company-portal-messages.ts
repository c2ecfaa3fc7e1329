import { defineMessages } from '../../../i18n/define-messages.ts';

/** The company's portal card: logo, website and own domain. */
export const companyPortalMessages = defineMessages({
  title: { id: 'settings.portal.title', defaultMessage: 'Company portal' },
  intro: {
    id: 'settings.portal.intro',
    defaultMessage:
      'How your public portal presents your company: the logo in its header, a link back to your website, your terms of use, and your own domain for it.',
  },
  logoUrl: { id: 'settings.portal.logoUrl', defaultMessage: 'Logo address' },
  logoUrlHint: {
    id: 'settings.portal.logoUrlHint',
    defaultMessage:
      'An image at an https:// address, shown 40 pixels high. Your company name is its text for screen readers.',
  },
  brandColor: { id: 'settings.portal.brandColor', defaultMessage: 'Brand colour' },
  brandColorHint: {
    id: 'settings.portal.brandColorHint',
    defaultMessage:
      'The portal’s header, and the buttons of the mail your users get from you. Text on it turns black or white, whichever reads better.',
  },
  brandColorNone: {
    id: 'settings.portal.brandColorNone',
    defaultMessage:
      'None yet: the portal’s header is a neutral slate (or your first board’s colour) and mail buttons are dark grey. Pick a colour to use your brand.',
  },
  brandColorClear: { id: 'settings.portal.brandColorClear', defaultMessage: 'Use no brand colour' },
  websiteUrl: { id: 'settings.portal.websiteUrl', defaultMessage: 'Website' },
  websiteUrlHint: {
    id: 'settings.portal.websiteUrlHint',
    defaultMessage: 'The portal’s header links back to it.',
  },
  termsUrl: { id: 'settings.portal.termsUrl', defaultMessage: 'Terms of use address' },
  termsUrlHint: {
    id: 'settings.portal.termsUrlHint',
    defaultMessage:
      'Optional: your own terms of use at an https:// address, for the “Terms of Use” link of the widget’s and the portal’s sign-up. Left empty, the sign-up shows no terms link.',
  },
  termsUrlInvalid: {
    id: 'settings.portal.termsUrlInvalid',
    defaultMessage: 'Enter an address that starts with https://.',
  },
  customDomain: { id: 'settings.portal.customDomain', defaultMessage: 'Own domain' },
  customDomainHint: {
    id: 'settings.portal.customDomainHint',
    defaultMessage:
      'A host name such as feedback.example.com. Point it to Feedboard with a CNAME record and prove it is yours with the TXT record shown after saving; the portal then answers at that address. Leave it empty to use Feedboard’s address only.',
  },
  domainInvalid: {
    id: 'settings.portal.domainInvalid',
    defaultMessage: 'Enter a host name such as feedback.example.com.',
  },
  domainTaken: {
    id: 'settings.portal.domainTaken',
    defaultMessage: 'Another company uses this domain already.',
  },
  proofTitle: { id: 'settings.portal.proof.title', defaultMessage: 'Domain ownership' },
  proofIntro: {
    id: 'settings.portal.proof.intro',
    defaultMessage:
      'Create this TXT record at your DNS provider to prove {domain} is yours, then press Check now. Keep it: Feedboard looks it up again every few hours.',
  },
  proofType: { id: 'settings.portal.proof.type', defaultMessage: 'Type' },
  proofName: { id: 'settings.portal.proof.name', defaultMessage: 'Name' },
  proofValue: { id: 'settings.portal.proof.value', defaultMessage: 'Value' },
  statusPending: {
    id: 'settings.portal.proof.pending',
    defaultMessage: 'Waiting for the record: not served yet',
  },
  statusVerified: { id: 'settings.portal.proof.verified', defaultMessage: 'Verified: served' },
  statusFailed: {
    id: 'settings.portal.proof.failed',
    defaultMessage: 'Not served: the record was not found',
  },
  checkedAt: { id: 'settings.portal.proof.checkedAt', defaultMessage: 'Last checked {date}.' },
  neverChecked: { id: 'settings.portal.proof.neverChecked', defaultMessage: 'Not checked yet.' },
  unbindsAt: {
    id: 'settings.portal.proof.unbindsAt',
    defaultMessage:
      'The record has been missing since {since}. Unless it is back, the domain stops being served on {date}.',
  },
  checkNow: { id: 'settings.portal.proof.checkNow', defaultMessage: 'Check now' },
  checking: { id: 'settings.portal.proof.checking', defaultMessage: 'Checking…' },
  outcomeFound: {
    id: 'settings.portal.proof.found',
    defaultMessage: 'Record found: your portal answers at {domain}.',
  },
  outcomeNoRecord: {
    id: 'settings.portal.proof.noRecord',
    defaultMessage:
      'No TXT record found at that name yet. DNS changes can take a while to spread: try again in a few minutes.',
  },
  outcomeWrongValue: {
    id: 'settings.portal.proof.wrongValue',
    defaultMessage:
      'A TXT record is there, but none has this value. Check that it was copied whole.',
  },
  outcomeDnsError: {
    id: 'settings.portal.proof.dnsError',
    defaultMessage: 'The DNS servers did not answer. Try again in a few minutes.',
  },
  checkLimited: {
    id: 'settings.portal.proof.limited',
    defaultMessage: 'Too many checks for now. Please try again later.',
  },
});
