import { useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast.tsx';

/**
 * Pictures picked in a form (a post, a notification, a report), already checked beside the picker
 * (AttachPicturesButton: their bytes and the room left, `room` here): they are added and
 * "Attached." is said.
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
}): { room: number; attach: (picked: File[]) => void } {
  const { t } = useLingui();
  return {
    room: Math.max(0, max - count),
    attach: (picked) => {
      add(picked);
      toast(t`Attached.`);
    },
  };
}
