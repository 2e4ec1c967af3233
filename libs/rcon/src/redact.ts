/** Shorter secrets are not redacted: blanking every "a" of a one-letter password hides everything else. */
export const MIN_REDACTED_LENGTH = 4;

/**
 * Replaces every secret in a text with ***: as written, URL-encoded (the WebRCON URL carries the
 * password as its path) and JSON-escaped (a logged request or frame), so nothing printed or stored
 * leaks a server token or an RCON password. Secrets under MIN_REDACTED_LENGTH characters are left.
 */
export const createRedactor = (
  secrets: readonly (string | null | undefined)[],
): ((text: string) => string) => {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret || secret.length < MIN_REDACTED_LENGTH) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(JSON.stringify(secret).slice(1, -1));
  }
  // Longest first, so a secret that contains another is replaced whole.
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  return (text) => ordered.reduce((out, form) => out.split(form).join('***'), text);
};
