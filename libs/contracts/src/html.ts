// HTML escaping, for text or an attribute value put into markup by hand (e-mails, served pages).

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const encodeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => ENTITIES[char]);
