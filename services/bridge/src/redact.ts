/**
 * Replaces every secret in a text (as written, and URL-encoded as it appears in the WebRCON URL)
 * with ***, so nothing the bridge prints can leak the server token or the RCON password.
 */
export const createRedactor = (secrets: (string | undefined)[]): ((text: string) => string) => {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(JSON.stringify(secret).slice(1, -1));
  }
  // Longest first, so a secret that contains another is replaced whole.
  const ordered = [...forms].filter((form) => form.length > 0).sort((a, b) => b.length - a.length);
  return (text) => ordered.reduce((out, form) => out.split(form).join('***'), text);
};
