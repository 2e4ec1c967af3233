import type { AutomationAction } from '@outpost/contracts';
import { sayText } from '@outpost/rcon';
import type { RunContext } from './automation.entity';

const VARIABLE = /\{(player\.name|player\.steamId|server\.name|count|match\.(\d))\}/g;

/** The value a variable stands for in this run, or null when the run has none (left as typed). */
const valueOf = (context: RunContext, name: string, group: string | undefined): string | null => {
  if (name === 'player.name') return context.player?.name ?? null;
  if (name === 'player.steamId') return context.player?.steamId ?? null;
  if (name === 'server.name') return context.server?.name ?? null;
  if (name === 'count') return context.count === undefined ? null : String(context.count);
  return context.match?.[Number(group)] ?? null;
};

/** Text with its variables filled in; `wrap` turns each value into what the text takes. */
export const fillVariables = (
  template: string,
  context: RunContext,
  wrap: (value: string) => string = (value) => value,
): string =>
  template.replace(VARIABLE, (whole, name: string, group: string | undefined) => {
    const value = valueOf(context, name, group);
    return value === null ? whole : wrap(value);
  });

/** A value that cannot end a quoted argument or a command: quotes, line breaks and `;` made harmless. */
const harmless = (value: string): string =>
  value
    .replace(/"/g, "'")
    .replace(/[\r\n\0]+/g, ' ')
    .replace(/;/g, '；');

/**
 * A console command with its variables filled in: each value one argument, quoted unless the admin
 * already put it inside quotes, with no quote, line break or `;` of its own (a quote becomes an
 * apostrophe, a `;` the full-width '；'), so a player's name can never end the argument or the
 * command, or add another; the rest is the admin's command as typed.
 */
export const consoleLine = (template: string, context: RunContext): string => {
  let out = '';
  let quoted = false;
  let last = 0;
  for (const found of template.matchAll(VARIABLE)) {
    const before = template.slice(last, found.index);
    quoted = [...before].reduce((inside, char) => (char === '"' ? !inside : inside), quoted);
    const value = valueOf(context, found[1], found[2]);
    out += before + (value === null ? found[0] : quoted ? harmless(value) : `"${harmless(value)}"`);
    last = found.index + found[0].length;
  }
  return (out + template.slice(last)).replace(/[\r\n\0]+/g, ' ');
};

/** What an action sends, variables filled in: the console line, the message, the reason, the note. */
export const sentBy = (action: AutomationAction, context: RunContext): string => {
  switch (action.type) {
    case 'console':
      return consoleLine(action.command, context);
    case 'broadcast':
      return `say ${sayText(fillVariables(action.message, context))}`;
    case 'kick':
    case 'ban':
      return fillVariables(action.reason, context)
        .replace(/[\r\n\0]+/g, ' ')
        .slice(0, 500);
    case 'warn':
      return fillVariables(action.message, context)
        .replace(/[\r\n\0]+/g, ' ')
        .slice(0, 500);
    case 'alert':
      return fillVariables(action.message ?? '', context).slice(0, 500);
    case 'discord':
      return fillVariables(action.message, context).slice(0, 2000);
    case 'note':
      return fillVariables(action.text, context).slice(0, 500);
  }
};
