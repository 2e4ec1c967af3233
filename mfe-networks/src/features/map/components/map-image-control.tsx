import type { MapImage } from '@outpost/contracts';
import { Button } from '@outpost/ui';
import { mapImageSizeError } from '@outpost/validation';
import { useRef, useState } from 'react';
import { READ_ONLY_HINT } from '../../../shared/hooks/use-read-only';
import { errorMessage } from '../../../shared/utils/error-message';
import { useDeleteMapImageMutation, useUploadMapImageMutation } from '../api/map.api';

export type MapImageControlProps = {
  serverId: string;
  image: MapImage | null;
  /** The demo: the buttons show, disabled, saying the demo is read-only. */
  readOnly?: boolean;
};

/** Owners and admins: upload the current wipe's map image (PNG or JPEG), or remove it. */
export const MapImageControl = ({ serverId, image, readOnly = false }: MapImageControlProps) => {
  const input = useRef<HTMLInputElement>(null);
  const [upload, uploading] = useUploadMapImageMutation();
  const [remove, removing] = useDeleteMapImageMutation();
  const [error, setError] = useState<string | null>(null);
  const locked = { disabled: readOnly, title: readOnly ? READ_ONLY_HINT : undefined };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    // The API's own size rule and words: a file it would refuse is not sent.
    const sizeError = mapImageSizeError(file.size);
    if (sizeError) return setError(sizeError);
    const result = await upload({ serverId, file });
    if ('error' in result) setError(errorMessage(result.error, 'The image could not be uploaded.'));
    if (input.current) input.current.value = '';
  };

  return (
    <div className="map-area__image">
      <input
        ref={input}
        id={`map-image-${serverId}`}
        type="file"
        accept="image/png,image/jpeg"
        className="map-area__file"
        disabled={readOnly}
        aria-describedby={error ? `map-image-error-${serverId}` : undefined}
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <Button
        variant="secondary"
        size="sm"
        busy={uploading.isLoading}
        busyLabel="Uploading…"
        {...locked}
        onClick={() => input.current?.click()}
      >
        {image ? 'Replace map image' : 'Upload map image'}
      </Button>
      {image && (
        <Button
          variant="ghost"
          size="sm"
          busy={removing.isLoading}
          {...locked}
          onClick={() =>
            void remove({ serverId }).then(
              (r) => 'error' in r && setError(errorMessage(r.error, 'The image could not be removed.')),
            )
          }
        >
          Remove image
        </Button>
      )}
      {error && (
        <span id={`map-image-error-${serverId}`} role="alert" className="map-area__error">
          {error}
        </span>
      )}
    </div>
  );
};
