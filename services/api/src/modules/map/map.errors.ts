import { MAP_IMAGE_FIELD, MAP_IMAGE_MESSAGES } from '@outpost/validation';
import { errorsOf, type ErrorTable } from '../../core/http';

export const MAP_ERRORS = {
  imageMissing: { code: 'VALIDATION_FAILED', message: MAP_IMAGE_MESSAGES.missing, field: MAP_IMAGE_FIELD },
  imageTooLarge: { code: 'VALIDATION_FAILED', message: MAP_IMAGE_MESSAGES.tooLarge, field: MAP_IMAGE_FIELD },
  imageNotAnImage: {
    code: 'VALIDATION_FAILED',
    message: MAP_IMAGE_MESSAGES.notAnImage,
    field: MAP_IMAGE_FIELD,
  },
  imageNotFound: { code: 'NOT_FOUND', message: 'This server has no map image' },
} as const satisfies ErrorTable;

export const mapErrors = errorsOf(MAP_ERRORS);
