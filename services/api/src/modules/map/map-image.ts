import { MAP_IMAGE_MAX_SIDE, type MapImageType } from '@outpost/contracts';

/** What an uploaded file turned out to be, by its bytes (never by its name or declared type). */
export type CheckedImage = { contentType: MapImageType; width: number; height: number };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** IEND's length (0), type and CRC: the last 12 bytes of every complete PNG. */
const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/** A PNG: its signature, IHDR first (width and height), and IEND last (not cut short). */
const pngOf = (data: Buffer): CheckedImage | null => {
  if (data.length < 8 + 25 + 12 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (data.readUInt32BE(8) !== 13 || data.toString('latin1', 12, 16) !== 'IHDR') return null;
  if (!data.subarray(data.length - 12).equals(PNG_END)) return null;
  return { contentType: 'image/png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
};

/** Start-of-frame markers (baseline, progressive, ...) that carry the dimensions. */
const isStartOfFrame = (marker: number): boolean =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** A JPEG: SOI, the segments up to a start-of-frame (height and width), and EOI at the end. */
const jpegOf = (data: Buffer): CheckedImage | null => {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8 || data[2] !== 0xff) return null;
  let end = data.length;
  // Some encoders pad after EOI.
  while (end > 2 && data[end - 1] === 0x00) end--;
  if (data[end - 2] !== 0xff || data[end - 1] !== 0xd9) return null;
  for (let at = 2; at + 9 < end;) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1];
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = data.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker))
      return {
        contentType: 'image/jpeg',
        height: data.readUInt16BE(at + 5),
        width: data.readUInt16BE(at + 7),
      };
    at += 2 + length;
  }
  return null;
};

/**
 * A PNG or a JPEG whose header and end are whole and whose sides are 1 to MAP_IMAGE_MAX_SIDE
 * pixels; null for anything else (another format, text, a truncated file, absurd dimensions).
 */
export const checkMapImage = (data: Buffer): CheckedImage | null => {
  const image = pngOf(data) ?? jpegOf(data);
  if (!image) return null;
  const sides = [image.width, image.height];
  return sides.every((side) => side >= 1 && side <= MAP_IMAGE_MAX_SIDE) ? image : null;
};
