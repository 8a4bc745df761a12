import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddFoodBody, AddedFoodItem, DonorFoodItem, UpdateFoodBody } from '@food-link/contracts';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import type { ListingWire } from './listing-rules';

/** The list shows newest first, as the server orders it; a refetch may already hold the item. */
function withAdded(list: DonorFoodItem[], added: AddedFoodItem): DonorFoodItem[] {
  if (list.some((item) => item.id === added.id)) return list;
  return [{ ...added, created_at: new Date().toISOString(), request: null, claims: [], photo_count: added.photo_urls.length, hidden_reason: null }, ...list];
}

// The form sends instants as the ISO strings it wrote (with Cairo's offset); the shapes' types hold Dates.
const asBody = <T,>(wire: ListingWire) => wire as unknown as T;

export function useAddFood(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ListingWire) => endpoints.addFood(asBody<AddFoodBody>(body)),
    onSuccess: (added) =>
      client.setQueryData<DonorFoodItem[]>(queryKeys.donorFood(userId), (list) => list && withAdded(list, added)),
  });
}

/** Edits an available item; the card shows the server's answer. */
export function useUpdateFood(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ListingWire }) => endpoints.updateFood(id, asBody<UpdateFoodBody>(body)),
    onSuccess: (updated) =>
      client.setQueryData<DonorFoodItem[]>(queryKeys.donorFood(userId), (list) =>
        list?.map((item) => (item.id === updated.id ? { ...item, ...updated, request: item.request } : item)),
      ),
  });
}

/** Uploads an item's photos one by one (each is re-encoded by the server); the card then shows them. */
export function useUploadPhotos(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ foodId, photos }: { foodId: number; photos: File[] }) => {
      let last = null;
      for (const photo of photos) last = await endpoints.addPhoto(foodId, photo);
      return { foodId, photos: last };
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.donorFood(userId) }),
  });
}

/** Removes one of an item's photos (its index in `photo_urls`); the card shows what is left. */
export function useDeletePhoto(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ foodId, index }: { foodId: number; index: number }) => endpoints.deletePhoto(foodId, index),
    onSuccess: (photos, { foodId }) =>
      client.setQueryData<DonorFoodItem[]>(queryKeys.donorFood(userId), (list) =>
        list?.map((item) => (item.id === foodId ? { ...item, ...photos, photo_count: photos.photo_urls.length } : item)),
      ),
  });
}
