import type { DonorFoodItem } from '@food-link/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_TYPES, photoLimits } from '../listing-rules';
import { useDeletePhoto } from '../use-add-food';
import { labelClass } from './section-props';

type PhotoFieldsProps = {
  userId: number;
  /** The item being edited, whose photos can be removed here; without it the form lists new food. */
  editing: DonorFoodItem | undefined;
  cooked: boolean;
  /** The photos chosen to send with the form, and changing that choice. */
  photos: File[];
  onPhotosChange: (photos: File[]) => void;
  /** The last upload of chosen photos failed. */
  uploadFailed: boolean;
};

/**
 * The item's photos: those it has (when editing, each with a button that removes it at once) and new
 * ones to send with the form, refused here when the API would refuse them (type, size, count).
 */
export function PhotoFields({ userId, editing, cooked, photos, onPhotosChange, uploadFailed }: PhotoFieldsProps) {
  const { t: tl } = useTranslation('listing');
  const photosId = useId();
  const deletePhoto = useDeletePhoto(userId);
  // The item as the list now holds it, so removed photos disappear from the form at once.
  const [shownPhotos, setShownPhotos] = useState(() => ({ thumbs: editing?.thumbnail_urls ?? [], count: editing?.photo_count ?? 0 }));
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const maxPhotos = photoLimits.count - shownPhotos.count;

  function choosePhotos(files: FileList | null) {
    const chosen = [...photos, ...Array.from(files ?? [])];
    const bad = chosen.find((file) => !PHOTO_TYPES.includes(file.type));
    const big = chosen.find((file) => file.size > photoLimits.bytes);
    if (bad) setPhotoProblem(tl('form.photoType', { name: bad.name }));
    else if (big) setPhotoProblem(tl('form.photoTooBig', { name: big.name }));
    else if (chosen.length > maxPhotos) setPhotoProblem(tl('form.photoTooMany'));
    else setPhotoProblem(null);
    onPhotosChange(chosen.filter((file) => PHOTO_TYPES.includes(file.type) && file.size <= photoLimits.bytes).slice(0, Math.max(0, maxPhotos)));
  }

  return (
    <>
      {editing && shownPhotos.thumbs.length > 0 && (
        <ul className="flex flex-wrap gap-2" data-testid="food-existing-photos">
          {shownPhotos.thumbs.map((url, index) => (
            <li key={url} className="flex flex-col items-center gap-1">
              <img src={url} alt={tl('photos.alt', { index: index + 1, name: editing.food_name })} width={72} height={72} className="h-18 w-18 rounded-lg object-cover" />
              <button
                type="button"
                disabled={deletePhoto.isPending}
                onClick={() =>
                  deletePhoto.mutate(
                    { foodId: editing.id, index },
                    { onSuccess: (remaining) => setShownPhotos({ thumbs: remaining.thumbnail_urls, count: remaining.photo_urls.length }) },
                  )
                }
                className="min-h-11 px-2 text-sm font-semibold text-red-700 underline"
              >
                {tl('form.removePhoto', { name: index + 1 })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {maxPhotos > 0 && (
        <div className="flex flex-col gap-1">
          <label htmlFor={photosId} className={labelClass}>
            {tl('form.photos')}
          </label>
          {cooked && (
            <p data-testid="photo-recommendation" className="text-xs text-stone-700">
              {tl('form.photoCooked')}
            </p>
          )}
          <input
            id={photosId}
            type="file"
            name="photo"
            data-testid="food-photos"
            accept={PHOTO_TYPES.join(',')}
            multiple
            onChange={(event) => {
              choosePhotos(event.target.files);
              event.target.value = '';
            }}
            className="text-sm"
          />
          {photos.length > 0 && (
            <ul className="flex flex-col gap-1 text-sm">
              {photos.map((file, index) => (
                <li key={keyOf(file)} className="flex items-center gap-2">
                  <ChosenThumbnail file={file} />
                  <bdi className="min-w-0 wrap-anywhere">{file.name}</bdi>
                  <button
                    type="button"
                    onClick={() => onPhotosChange(photos.filter((_, i) => i !== index))}
                    className="min-h-11 px-2 font-semibold text-red-700 underline"
                  >
                    {tl('form.removePhoto', { name: file.name })}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <p role="status" className="text-sm text-red-700">
            {photoProblem}
            {uploadFailed ? tl('form.photoUploadError') : null}
          </p>
        </div>
      )}
    </>
  );
}

/** A key of each chosen file for as long as it is chosen: removing one photo leaves the others' thumbnails be. */
const fileKeys = new WeakMap<File, string>();
let nextFileKey = 0;
function keyOf(file: File): string {
  let key = fileKeys.get(file);
  if (key === undefined) fileKeys.set(file, (key = `photo-${++nextFileKey}`));
  return key;
}

/**
 * A chosen photo as it will look, from an object URL of the file itself (nothing is uploaded yet); the URL
 * is revoked when the photo is removed from the choice or the form goes away. Decorative: its file name
 * is next to it.
 */
function ChosenThumbnail({ file }: { file: File }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    if (image.current) image.current.src = objectUrl;
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return (
    <span className="h-14 w-14 shrink-0 overflow-hidden rounded-lg bg-stone-100" data-testid="chosen-photo">
      <img ref={image} alt="" width={56} height={56} className="h-14 w-14 object-cover" />
    </span>
  );
}
