/**
 * Local stand-ins for the services communication talks to (issue 23): the Facebook Graph API, the
 * national golf app's API, a Web Push service and a web server of RSS/Atom feeds. Each checks a
 * request as the real service would and records it; nothing is ever sent to a real service from a
 * test, the browser suite or a bench. `env` is what a server needs to use them all.
 */
import { startFacebookStandIn, type FacebookStandIn } from './facebook';
import { startFeedStandIn, type FeedStandIn } from './feeds';
import { startNationalStandIn, type NationalStandIn } from './national';
import { startPushStandIn, type PushStandIn } from './push-service';

export type { FacebookStandIn, FeedStandIn, NationalStandIn, PushStandIn };
export { startFacebookStandIn, startFeedStandIn, startNationalStandIn, startPushStandIn };

export interface StandIns {
  facebook: FacebookStandIn;
  national: NationalStandIn;
  push: PushStandIn;
  feeds: FeedStandIn;
  /** The server's environment for them: the services' addresses and credentials, the private hosts it may fetch. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startStandIns(): Promise<StandIns> {
  const [facebook, national, push, feeds] = await Promise.all([startFacebookStandIn(), startNationalStandIn(), startPushStandIn(), startFeedStandIn()]);
  return {
    facebook,
    national,
    push,
    feeds,
    env: {
      FACEBOOK_GRAPH_URL: facebook.url,
      FACEBOOK_APP_ID: facebook.appId,
      FACEBOOK_APP_SECRET: facebook.appSecret,
      NATIONAL_APP_API_URL: national.url,
      NATIONAL_APP_CLIENT_ID: national.clientId,
      NATIONAL_APP_CLIENT_SECRET: national.clientSecret,
      OUTBOUND_ALLOW_HOSTS: `${push.host},${feeds.host}`,
    },
    async close() {
      await Promise.all([facebook.close(), national.close(), push.close(), feeds.close()]);
    },
  };
}
