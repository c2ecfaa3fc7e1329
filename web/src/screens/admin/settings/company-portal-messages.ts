import { defineMessages } from '../../../i18n/define-messages.ts';

/** The company's portal card: logo, website and own domain. */
export const companyPortalMessages = defineMessages({
  title: { id: 'settings.portal.title', defaultMessage: 'Company portal' },
  intro: {
    id: 'settings.portal.intro',
    defaultMessage:
      'How your public portal presents your company: the logo in its header, a link back to your website, and your own domain for it.',
  },
  logoUrl: { id: 'settings.portal.logoUrl', defaultMessage: 'Logo address' },
  logoUrlHint: {
    id: 'settings.portal.logoUrlHint',
    defaultMessage:
      'An image at an https:// address, shown 40 pixels high. Your company name is its text for screen readers.',
  },
  websiteUrl: { id: 'settings.portal.websiteUrl', defaultMessage: 'Website' },
  websiteUrlHint: {
    id: 'settings.portal.websiteUrlHint',
    defaultMessage: 'The portal’s header links back to it.',
  },
  customDomain: { id: 'settings.portal.customDomain', defaultMessage: 'Own domain' },
  customDomainHint: {
    id: 'settings.portal.customDomainHint',
    defaultMessage:
      'A host name such as feedback.example.com. Point it to Feedboard with a CNAME record; the portal then answers at that address. Leave it empty to use Feedboard’s address only.',
  },
  domainInvalid: {
    id: 'settings.portal.domainInvalid',
    defaultMessage: 'Enter a host name such as feedback.example.com.',
  },
  domainTaken: {
    id: 'settings.portal.domainTaken',
    defaultMessage: 'Another company uses this domain already.',
  },
});
