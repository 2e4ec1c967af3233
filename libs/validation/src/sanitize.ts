// Spec section 5: "The name is stripped of tags and HTML-encoded before sending." React escapes
// on render anyway; this keeps stored names safe for any other consumer (e-mails, game chat).

import { encodeHtml } from '@outpost/contracts';

export { encodeHtml };

const TAG = /<[^>]*>/g;

export const stripTags = (value: string): string => value.replace(TAG, '');

export const sanitizeServerName = (value: string): string => encodeHtml(stripTags(value).trim());
