// Discord's OAuth2 authorize page for the bot install (discord.com/oauth2/authorize), as a person
// meets it in a browser: the application asks to be added to a server; the person picks one of the
// servers the stand-in knows and presses Authorize, and Discord sends the browser back to the
// redirect_uri with code, state, guild_id and permissions, or with error=access_denied on Cancel
// (https://discord.com/developers/docs/topics/oauth2#advanced-bot-authorization).
import type { DiscordState } from './discord-state';

/** The page's path, at the root of Discord's origin (not below /api/v10). */
export const AUTHORIZE_PATH = '/oauth2/authorize';

/** What the browser gets: a page or a redirect. */
export type BrowserAnswer = { status: number; headers: Record<string, string>; body: string };

export type InstallCodeInput = {
  guildId?: string;
  guildName?: string;
  redirectUri?: string;
  permissions?: string;
  scope?: string;
};
/** Issues the install code for the guild the person picked (the stand-in's issueInstallCode). */
export type IssueInstallCode = (input: InstallCodeInput) => string;

const QUERY_FIELDS = ['client_id', 'scope', 'permissions', 'response_type', 'redirect_uri', 'state'] as const;

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const page = (status: number, title: string, content: string): BrowserAnswer => ({
  status,
  headers: { 'Content-Type': 'text/html; charset=utf-8' },
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main>${content}</main></body></html>`,
});

const redirect = (to: URL): BrowserAnswer => ({
  status: 302,
  headers: { Location: to.toString() },
  body: '',
});

/** Discord's error page for a request it cannot serve (an unknown application, no redirect_uri …). */
const invalid = (reason: string): BrowserAnswer =>
  page(400, 'Discord', `<h1>Invalid OAuth2 request</h1><p role="alert">${escapeHtml(reason)}</p>`);

/** Why Discord would refuse this install request, or null. */
const refusal = (state: DiscordState, fields: Record<string, string>): string | null => {
  if (fields.client_id !== state.applicationId) return 'Unknown application';
  if (fields.response_type !== 'code') return 'Invalid response_type';
  if (!fields.scope?.split(' ').includes('bot')) return 'This page adds a bot: scope must include bot';
  try {
    if (!/^https?:$/.test(new URL(fields.redirect_uri ?? '').protocol)) return 'Invalid redirect_uri';
  } catch {
    return 'Invalid redirect_uri';
  }
  return null;
};

/** GET: the application asks to join a server; the person picks one (or cancels). */
const askForServer = (state: DiscordState, query: Record<string, string>): BrowserAnswer => {
  const refused = refusal(state, query);
  if (refused) return invalid(refused);
  const hidden = QUERY_FIELDS.map(
    (name) => `<input type="hidden" name="${name}" value="${escapeHtml(query[name] ?? '')}">`,
  ).join('');
  const options = [...state.guilds.values()]
    .map((guild) => `<option value="${escapeHtml(guild.id)}">${escapeHtml(guild.name)}</option>`)
    .join('');
  const app = escapeHtml(state.botUser.username);
  return page(
    200,
    'Discord | Authorize access to your account',
    `<h1>${app}</h1><p>wants to access your Discord account</p>` +
      `<form method="post" action="${AUTHORIZE_PATH}">${hidden}` +
      `<label for="guild">Add to server</label>` +
      `<select id="guild" name="guild_id" required><option value="">Select a server</option>${options}</select>` +
      `<p>This will allow the developer of ${app} to: ${escapeHtml(query.scope)}</p>` +
      `<button type="submit" name="authorize" value="false" formnovalidate>Cancel</button>` +
      `<button type="submit" name="authorize" value="true">Authorize</button></form>`,
  );
};

/** POST: Authorize sends the browser back with a code for the picked server; Cancel with access_denied. */
const decide = (
  state: DiscordState,
  form: Record<string, string>,
  issue: IssueInstallCode,
): BrowserAnswer => {
  const refused = refusal(state, form);
  if (refused) return invalid(refused);
  const back = new URL(form.redirect_uri);
  if (form.authorize !== 'true') {
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set(
      'error_description',
      'The resource owner or authorization server denied the request',
    );
  } else {
    if (!state.guilds.has(form.guild_id ?? '')) return invalid('Pick a server to add the bot to');
    const permissions = form.permissions || '0';
    back.searchParams.set(
      'code',
      issue({ guildId: form.guild_id, redirectUri: form.redirect_uri, permissions, scope: form.scope }),
    );
    back.searchParams.set('guild_id', form.guild_id);
    back.searchParams.set('permissions', permissions);
  }
  if (form.state) back.searchParams.set('state', form.state);
  return redirect(back);
};

/** Answers a browser at AUTHORIZE_PATH: the page (GET) or the person's decision (POST). */
export const authorizeAnswer = (
  state: DiscordState,
  method: string,
  query: Record<string, string>,
  form: unknown,
  issue: IssueInstallCode,
): BrowserAnswer => {
  if (method === 'GET') return askForServer(state, query);
  if (method === 'POST') return decide(state, (form ?? {}) as Record<string, string>, issue);
  return { status: 405, headers: { Allow: 'GET, POST' }, body: '' };
};
