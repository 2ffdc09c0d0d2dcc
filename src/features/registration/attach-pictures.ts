import { useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast.tsx';
import { imageProblem } from './upload.ts';

/**
 * Pictures picked in a form (a post, a notification, a report): each must be an image within the
 * size limit (spec §5 Images) and the form holds at most `max`; a refusal is toasted and nothing
 * is added, else they are added and "Attached." is said.
 */
export function useAttachPictures({
  count,
  max,
  add,
}: {
  /** Pictures the form holds already (uploaded and picked). */
  count: number;
  max: number;
  add: (picked: File[]) => void;
}): (picked: File[]) => void {
  const { t } = useLingui();
  return (picked) => {
    if (picked.some((f) => imageProblem(f) === 'notImage')) return toast(t`Unsupported image format.`);
    if (picked.some((f) => imageProblem(f) === 'tooLarge')) return toast(t`The picture is too large.`);
    if (count + picked.length > max) return toast(t`At most ${max} pictures.`);
    add(picked);
    toast(t`Attached.`);
  };
}
