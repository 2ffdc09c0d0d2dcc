import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { pictureProblem } from '../../sync/uploads/picture-file.ts';

/**
 * The check every picture picker runs as soon as files are picked: each file's bytes by the
 * server's own rule (sync/uploads/picture-file.ts), then how many the form still takes. Answers
 * what to say beside the picker, or null when every file may be attached.
 */
export function usePictureCheck(): (args: {
  files: readonly File[];
  room?: number;
}) => Promise<string | null> {
  const { t } = useLingui();
  return useCallback(
    async ({ files, room }) => {
      for (const file of files) {
        const problem = await pictureProblem(file);
        const name = file.name;
        if (problem === 'notImage')
          return t`${name} is not a picture. Choose a JPEG, PNG, WebP, GIF or AVIF file.`;
        if (problem === 'tooLarge') return t`${name} is larger than 10 MB. Choose a smaller picture.`;
      }
      if (room !== undefined && files.length > room)
        return room > 0
          ? t`Only ${room} more pictures can be attached.`
          : t`No more pictures can be attached.`;
      return null;
    },
    [t],
  );
}
