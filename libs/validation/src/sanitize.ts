// Spec section 5: "The name is stripped of tags and HTML-encoded before sending." React escapes
// on render anyway; this keeps stored names safe for any other consumer (e-mails, game chat).

const TAG = /<[^>]*>/g;

export const stripTags = (value: string): string => value.replace(TAG, '');

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const encodeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => ENTITIES[char]);

export const sanitizeServerName = (value: string): string => encodeHtml(stripTags(value).trim());
