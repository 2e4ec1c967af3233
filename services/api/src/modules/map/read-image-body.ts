import { MAP_IMAGE_MAX_BYTES } from '@outpost/contracts';
import type { Request } from 'express';
import { mapErrors } from './map.errors';

/** Past the cap a client's body is still read (and dropped) up to this, so it sees our 400. */
const DRAIN_LIMIT = MAP_IMAGE_MAX_BYTES * 2;

/**
 * The request's raw body (an image is sent as is, not in JSON), at most MAP_IMAGE_MAX_BYTES; a
 * larger one is refused with 400 naming `image`, whether it says its length or not. Nothing
 * beyond the cap is kept in memory.
 */
export const readImageBody = async (request: Request): Promise<Buffer> => {
  const declared = Number(request.headers['content-length']);
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = Number.isFinite(declared) && declared > MAP_IMAGE_MAX_BYTES;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAP_IMAGE_MAX_BYTES) tooLarge = true;
    if (tooLarge) {
      chunks.length = 0;
      if (size > DRAIN_LIMIT) break;
      continue;
    }
    chunks.push(chunk);
  }
  if (tooLarge) throw mapErrors.imageTooLarge();
  return Buffer.concat(chunks);
};
