import { ImageKind, uploadImageCall } from '../../../../sync/api/uploads.api.ts';
import { api } from '../../../api/client.ts';

/** An admin image (ads, the home logo) uploaded; its URL. */
export async function uploadAdminImage(file: File): Promise<string> {
  return (await api(uploadImageCall, { file, kind: ImageKind.admin })).url;
}
