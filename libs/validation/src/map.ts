// PUT /api/servers/{id}/map/image: the map image is sent as the body's bytes, so its rules are
// about those bytes. The upload control judges a file's size before sending it; only the API
// reads its content.
import { MAP_IMAGE_MAX_BYTES, MAP_IMAGE_MAX_SIDE } from '@outpost/contracts';

/** The field a refused image's detail names. */
export const MAP_IMAGE_FIELD = 'image';

export const MAP_IMAGE_MESSAGES = {
  missing: 'Choose a map image to upload',
  tooLarge: `The map image must be at most ${MAP_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
  notAnImage: `The map image must be a PNG or JPEG file of at most ${MAP_IMAGE_MAX_SIDE} × ${MAP_IMAGE_MAX_SIDE} pixels`,
} as const;

/** What the API answers an image of `bytes` bytes, by its size alone: the message, or null. */
export const mapImageSizeError = (bytes: number): string | null => {
  if (bytes === 0) return MAP_IMAGE_MESSAGES.missing;
  return bytes > MAP_IMAGE_MAX_BYTES ? MAP_IMAGE_MESSAGES.tooLarge : null;
};
