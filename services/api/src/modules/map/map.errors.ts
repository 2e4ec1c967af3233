import { MAP_IMAGE_MAX_BYTES, MAP_IMAGE_MAX_SIDE } from '@outpost/contracts';
import { errorsOf, type ErrorTable } from '../../core/http';

const MB = MAP_IMAGE_MAX_BYTES / 1024 / 1024;

export const MAP_ERRORS = {
  imageMissing: { code: 'VALIDATION_FAILED', message: 'Choose a map image to upload', field: 'image' },
  imageTooLarge: {
    code: 'VALIDATION_FAILED',
    message: `The map image must be at most ${MB} MB`,
    field: 'image',
  },
  imageNotAnImage: {
    code: 'VALIDATION_FAILED',
    message: `The map image must be a PNG or JPEG file of at most ${MAP_IMAGE_MAX_SIDE} × ${MAP_IMAGE_MAX_SIDE} pixels`,
    field: 'image',
  },
  imageNotFound: { code: 'NOT_FOUND', message: 'This server has no map image' },
} as const satisfies ErrorTable;

export const mapErrors = errorsOf(MAP_ERRORS);
