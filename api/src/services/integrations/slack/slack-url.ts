import { webhookUrlProblem } from '../../webhook/webhook-url.ts';

/** Where Slack's incoming webhooks live (https://api.slack.com/messaging/webhooks). */
const SLACK_HOOK =
  /^https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+$/;

/**
 * Why an incoming-webhook URL is refused, or null. Only Slack's own
 * `https://hooks.slack.com/services/…` is accepted, unless SLACK_ALLOW_STAND_IN_URLS (tests)
 * lets a stand-in through, which still has to pass the webhooks' address rules.
 */
export function slackUrlProblem(
  url: string,
  options: { allowStandIn: boolean; allowPrivate: boolean },
): string | null {
  if (options.allowStandIn) return webhookUrlProblem(url, options.allowPrivate);
  return SLACK_HOOK.test(url)
    ? null
    : 'Paste the incoming-webhook URL Slack gave you: https://hooks.slack.com/services/…';
}

/**
 * What the console shows of a URL once saved: Slack's host and the last four characters
 * (`hooks.slack.com/…/Xy12`), enough to tell connections apart and useless for posting.
 */
export function slackUrlHint(url: string): string {
  let host = 'hooks.slack.com';
  try {
    host = new URL(url).host;
  } catch {
    // Refused before it gets here; keep the default host.
  }
  return `${host}/…/${url.slice(-4)}`;
}
