// The footer pages' text, in one file an operator can edit. Keep it short and true.
import { FOOTER_PAGE_TITLES, PREMIUM_PRICE_DEFAULT, type FooterPage } from '@outpost/contracts';

export type PageSection = {
  heading: string;
  body: string;
  /** Shown only on a panel whose operator set a community chat (true), or only on one without (false). */
  chat?: boolean;
  /** The plans' terms: said as this panel has them (its Premium price, or PLANS=off). */
  plans?: true;
};
export type PageContent = { title: string; intro: string; sections: PageSection[] };

/** What a page says depends on: the operator's chat, whether plans are on, the Premium price. */
export type PageSettings = { chat: boolean; plans: boolean; premiumPrice: string | null };

const plansTerms = ({ plans, premiumPrice }: Pick<PageSettings, 'plans' | 'premiumPrice'>): string =>
  plans
    ? `Free is free. Premium is ${premiumPrice ?? PREMIUM_PRICE_DEFAULT}; upgrades are handled by the operator of this panel.`
    : 'Everything is included on this panel: every network gets all that Premium gives, with nothing to pay.';

export const PAGES: Record<Exclude<FooterPage, 'status'>, PageContent> = {
  docs: {
    title: FOOTER_PAGE_TITLES.docs,
    intro: 'How to connect a Rust server to Outpost.',
    sections: [
      {
        heading: 'Add a server',
        body: 'Open your network, choose Add Server and give it a name and its connection address (IP:PORT or DOMAIN:PORT). Outpost shows the server token once; the bridge needs it.',
      },
      {
        heading: 'Connect it through WebRCON',
        body: "On the server's page, give the panel the server's RCON address and its +rcon.password: the panel connects to the game server's WebRCON itself, reads its players and console, and sends kicks, bans and commands. Nothing is installed on the game server.",
      },
      {
        heading: 'Or run the bridge',
        body: "When the panel cannot reach the server's RCON port, run the Outpost bridge beside the game server: one file, /downloads/outpost-bridge.mjs, that needs only Node. It talks to the server over WebRCON on the same machine and reports to the panel with the server token. The server page's Run the bridge section shows the command.",
      },
      {
        heading: 'Plugins are optional',
        body: 'No Oxide or Carbon plugin is needed. A third-party plugin that speaks the Outpost protocol can report instead: REST under /api/plugin/v1 with the server token as a bearer token (POST /heartbeat, POST /events, GET /commands, POST /commands/{id}/result). A server that misses three heartbeats is shown offline. The full contract is in the OpenAPI documentation at /api/docs.',
      },
    ],
  },
  api: {
    title: FOOTER_PAGE_TITLES.api,
    intro: 'Everything the panel does goes through its REST API.',
    sections: [
      {
        heading: 'Calling the API',
        body: 'Send JSON with the X-API-Key header and a bearer token from POST /v1/account/jwts. Answers are {success, data} or {success: false, error, code}. The interactive reference is at /api/docs.',
      },
    ],
  },
  help: {
    title: FOOTER_PAGE_TITLES.help,
    intro: 'Stuck? Start here.',
    sections: [
      {
        heading: 'Signing in',
        body: 'Use the e-mail link or a social account on the login page. E-mailed links work once and expire after 15 minutes.',
      },
      {
        heading: 'A server shows offline',
        body: 'Check the RCON address and password on the server page, or that the bridge runs with a current token; rotate the token in the panel if it leaked.',
      },
      {
        heading: 'Still stuck',
        body: 'Ask in the community chat linked in the footer: the people who run this panel are there.',
        chat: true,
      },
      {
        heading: 'Still stuck',
        body: 'Ask the people who run this panel, or whoever invited you to it.',
        chat: false,
      },
    ],
  },
  about: {
    title: FOOTER_PAGE_TITLES.about,
    intro: 'Outpost is a self-hostable control panel built by Rust server admins for Rust server admins.',
    sections: [
      {
        heading: 'Why',
        body: 'One place to run a network of servers, with staff roles, moderation and live data, that you host yourself.',
      },
    ],
  },
  contact: {
    title: FOOTER_PAGE_TITLES.contact,
    intro: 'Reach the people who run this panel.',
    sections: [
      {
        heading: 'Community chat',
        body: 'The fastest way to reach them is the community chat linked in the footer.',
        chat: true,
      },
      {
        heading: 'No chat here',
        body: 'This panel offers no chat: reach its operator the way you were invited to it.',
        chat: false,
      },
    ],
  },
  privacy: {
    title: FOOTER_PAGE_TITLES.privacy,
    intro: 'What this panel stores and why.',
    sections: [
      { heading: 'Your account', body: 'Your e-mail address, name, username and sessions, to sign you in.' },
      {
        heading: 'Game data',
        body: 'Servers report players (Steam ID, name, IP address, playtime) so staff can moderate. Only owners, admins and moderators of a network see IP addresses.',
      },
    ],
  },
  terms: {
    title: FOOTER_PAGE_TITLES.terms,
    intro: 'Use this panel for servers you are allowed to administer, and treat players fairly.',
    sections: [
      {
        heading: 'Plans',
        body: plansTerms({ plans: true, premiumPrice: null }),
        plans: true,
      },
    ],
  },
  blog: {
    title: FOOTER_PAGE_TITLES.blog,
    intro: 'News about Outpost releases.',
    sections: [
      { heading: 'Where', body: 'News is posted in the community chat linked in the footer.', chat: true },
      { heading: 'Where', body: 'There is no news feed on this panel yet.', chat: false },
    ],
  },
  careers: {
    title: FOOTER_PAGE_TITLES.careers,
    intro: 'Outpost is built in the open. Contributions are welcome.',
    sections: [],
  },
};

/** A page as this panel says it: the sections for its chat, and its own plans. */
export const pageContent = (page: Exclude<FooterPage, 'status'>, settings: PageSettings): PageContent => {
  const content = PAGES[page];
  const sections = content.sections
    .filter((section) => section.chat === undefined || section.chat === settings.chat)
    .map((section) => (section.plans ? { ...section, body: plansTerms(settings) } : section));
  return { ...content, sections };
};
